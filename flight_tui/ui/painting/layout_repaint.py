"""Repaint every place a layout change uncovers, so that the screen always equals a full repaint.

Textual (8.2) finds what a layout change moved or removed by comparing its map of the widgets
before and after the change. It also rebuilds that map on the spot, without comparing, when a
widget it has not laid out asks where it is: the notices' rack (never visible itself) does so
whenever a notice is added or removed. The next comparison then finds nothing changed, and a
notice that expired stays on the terminal, whole or in fragments. After a scroll the map is
older than what the screen shows, and a comparison with it misses where the scrolled widgets
were. :func:`repaint_layout_changes` has both rebuilds mark for repainting every region that
changed since the screen was last laid out.
"""

from __future__ import annotations

from textual._compositor import Compositor, CompositorMap

_rebuild_full_map = Compositor.full_map.fget
_reflow = Compositor.reflow


def mark_changes(compositor: Compositor, before: list[CompositorMap]) -> None:
    """Mark for repainting each region that differs between the maps in ``before`` and the new one."""
    if compositor.size.region in compositor._dirty_regions:
        return
    after = compositor._full_map.items()
    for old in before:
        for _, geometry in old.items() ^ after:
            region = geometry.clip.intersection(geometry.region)
            if region:
                compositor._dirty_regions.add(region)


def full_map_marking_changes(compositor: Compositor) -> CompositorMap:
    """Textual's map of every widget; when it is rebuilt, what changed is repainted."""
    if compositor.root is None or not compositor._full_map_invalidated:
        return _rebuild_full_map(compositor)
    before = [compositor._full_map]
    if compositor._visible_map is not None:
        before.append(compositor._visible_map)
    full_map = _rebuild_full_map(compositor)
    mark_changes(compositor, before)
    return full_map


def reflow_marking_scrolled(compositor: Compositor, parent, size):
    """Textual's reflow, which also repaints where widgets were after a scroll (the visible map)."""
    scrolled = compositor._visible_map
    result = _reflow(compositor, parent, size)
    if scrolled is not None:
        mark_changes(compositor, [scrolled])
    return result


def repaint_layout_changes() -> None:
    """Have Textual's compositor repaint every region a layout change uncovers (see the module)."""
    Compositor.full_map = property(full_map_marking_changes, doc=Compositor.full_map.__doc__)
    Compositor.reflow = reflow_marking_scrolled
