"""CSS is parsed once per process, not once per stylesheet.

Textual (8.2) keeps what it has parsed in each stylesheet, and parses all of an app's CSS again,
into a new stylesheet, whenever a screen brings CSS of its own (a game's table, the first time
it opens) or the theme changes. :func:`parse_css_once` keeps what was parsed for the process:
by the text, where it was read from, how it was added and the values of the variables (the
theme's colours) it was parsed with, so a stylesheet reads each text once for each theme.
"""

from __future__ import annotations

from textual.cache import LRUCache
from textual.css.model import RuleSet
from textual.css.stylesheet import Stylesheet
from textual.css.types import CSSLocation

_parse_rules = Stylesheet._parse_rules
_parsed: LRUCache[tuple, list[RuleSet]] = LRUCache(4096)
"""What was parsed, for every stylesheet of the process (a few hundred texts for every theme)."""


def parse_rules_once(stylesheet: Stylesheet, css: str, read_from: CSSLocation, is_default_rules: bool = False, tie_breaker: int = 0, scope: str = "") -> list[RuleSet]:
    """Textual's parse of a text of CSS, which reuses what the process has parsed already."""
    key = (css, read_from, is_default_rules, tie_breaker, scope, tuple(sorted(stylesheet._variables.items())))
    rules = _parsed.get(key)
    if rules is None:
        rules = _parsed[key] = _parse_rules(stylesheet, css, read_from, is_default_rules, tie_breaker, scope)
    return rules


def parse_css_once() -> None:
    """Have CSS parsed once per process (see the module)."""
    Stylesheet._parse_rules = parse_rules_once
