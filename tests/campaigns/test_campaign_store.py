"""The campaign file: atomic writes, a version marker, and damaged files left untouched."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from flight_tui import paths
from flight_tui.campaigns.progress import CampaignProgress, InProgress, ScenarioRecord
from flight_tui.campaigns.store import (
    CampaignFileError,
    campaign_path,
    load_progress,
    save_progress,
    set_aside,
)
from flight_tui.saves.atomic import backup_path
from flight_tui.table import SeatSpec


def sample_progress() -> CampaignProgress:
    return CampaignProgress(
        campaign="around-the-world",
        records={"first-flights": ScenarioRecord(attempts=2, wins=1, losses=1, fewest_rounds=10, most_coins=30)},
        in_progress=InProgress(scenario="tight-budget", seed=99, seats=[SeatSpec("human", "Ann")], slot="autosave-x"),
    )


def test_a_campaign_never_played_has_fresh_progress_and_no_file():
    progress = load_progress("around-the-world")
    assert progress == CampaignProgress(campaign="around-the-world")
    assert not campaign_path("around-the-world").exists()


def test_progress_is_saved_in_the_data_folder_and_loads_back(tmp_path):
    paths.set_data_dir(tmp_path / "elsewhere")
    save_progress(sample_progress())
    path = campaign_path("around-the-world")
    assert path == tmp_path / "elsewhere" / "campaigns" / "around-the-world.json"
    document = json.loads(path.read_text())
    assert (document["format"], document["version"]) == ("flight-tui campaign", 1)
    assert load_progress("around-the-world") == sample_progress()


def test_a_second_save_keeps_the_previous_version_as_a_backup():
    first = sample_progress()
    save_progress(first)
    second = sample_progress()
    second.records["first-flights"].wins = 2
    save_progress(second)
    path = campaign_path("around-the-world")
    assert json.loads(backup_path(path).read_text())["progress"]["records"]["first-flights"]["wins"] == 1
    assert load_progress("around-the-world").records["first-flights"].wins == 2


@pytest.mark.parametrize(
    "content, words",
    [
        (b'{"format": "flight-tui campaign", "vers', "not readable JSON"),
        (b'{"format": "flight-tui save", "version": 1}', "not a flight-tui campaign file"),
        (b'{"format": "flight-tui campaign", "version": 1, "progress": {"campaign": 5}}', "damaged"),
        (b'{"format": "flight-tui campaign", "version": 1, "progress": {"campaign": "other"}}', "belongs to"),
        (b'{"format": "flight-tui campaign", "version": 7, "progress": {}}', "newer flight-tui"),
    ],
)
def test_a_damaged_or_foreign_file_gives_a_clear_error_and_is_never_overwritten(content, words):
    path = campaign_path("around-the-world")
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    with pytest.raises(CampaignFileError, match=words) as error:
        load_progress("around-the-world")
    assert "around-the-world.json" in str(error.value)
    with pytest.raises(CampaignFileError):
        save_progress(sample_progress())
    assert path.read_bytes() == content


def test_setting_a_damaged_file_aside_lets_the_campaign_start_afresh():
    path = campaign_path("around-the-world")
    path.parent.mkdir(parents=True)
    path.write_bytes(b"garbage")
    aside = set_aside("around-the-world")
    assert aside.read_bytes() == b"garbage" and aside.name.startswith("around-the-world.json.broken-")
    save_progress(sample_progress())
    assert load_progress("around-the-world") == sample_progress()


def test_a_crash_while_writing_leaves_the_old_file(monkeypatch):
    save_progress(sample_progress())
    before = campaign_path("around-the-world").read_bytes()

    def crash(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("flight_tui.saves.atomic.os.replace", crash)
    changed = sample_progress()
    changed.records["first-flights"].wins = 5
    with pytest.raises(CampaignFileError, match="No space left"):
        save_progress(changed)
    assert campaign_path("around-the-world").read_bytes() == before


def test_the_campaign_package_does_not_load_the_ui_libraries():
    check = "import sys, flight_tui.campaigns; print([m for m in ('textual', 'rich') if m in sys.modules])"
    done = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
