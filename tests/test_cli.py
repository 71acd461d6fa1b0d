"""The command line: options, one-line errors with status 2, and the non-interactive commands."""

from __future__ import annotations

import json

import pytest

from flight_tui import __version__, paths
from flight_tui.cli import _new_table, build_parser, main


def _error_of(capsys, argv: list[str]) -> str:
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    return err


def test_version(capsys) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["--version"])
    assert exc.value.code == 0
    assert capsys.readouterr().out.strip() == f"flight-tui {__version__}"


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["new", "chess"], "invalid choice"),
        (["new", "flight", "--seats", "human,wizard"], "unknown seat 'wizard'"),
        (["new", "flight", "--seats", "human"], "2 to 4 players"),
        (["new", "flight", "--seats", "human,easy,easy,easy,easy"], "2 to 4 players"),
        (["new", "flight", "--target", "100", "--hands", "3"], "not allowed with"),
        (["new", "flight", "--hands", "0"], "positive"),
        (["new", "flight", "--seed", "seven"], "invalid int value"),
        (["simulate", "flight", "--seats", "human,normal"], "bots only"),
        (["simulate", "flight", "--games", "0"], "positive"),
        (["fly"], "invalid choice"),
    ],
)
def test_bad_arguments_give_one_line_and_status_2(capsys, argv, words) -> None:
    assert words in _error_of(capsys, argv)


def test_new_builds_the_table_the_options_describe() -> None:
    parser = build_parser()
    args = parser.parse_args(["new", "flight", "--seats", "human:Zoe,hard,easy:Kit", "--seed", "7", "--hands", "3"])
    table = _new_table(parser, args)
    assert [s.label for s in table.seats] == ["Zoe", "Bob (Hard bot)", "Kit (Easy bot)"]
    assert table.seed == 7
    assert table.config.players == 3 and table.config.hands == 3


def test_global_options_are_accepted_after_the_command(tmp_path, capsys) -> None:
    assert main(["saves", "--json", "--data-dir", str(tmp_path / "elsewhere")]) == 0
    assert json.loads(capsys.readouterr().out) == []
    assert paths.data_dir() == tmp_path / "elsewhere"


def test_saves_lists_a_saved_game(capsys) -> None:
    from flight_tui.saves import SaveStore

    parser = build_parser()
    table = _new_table(parser, parser.parse_args(["new", "flight", "--seed", "3"]))
    SaveStore().save("Friday", table)
    assert main(["saves"]) == 0
    assert "Friday" in capsys.readouterr().out
    assert main(["saves", "--json"]) == 0
    (entry,) = json.loads(capsys.readouterr().out)
    assert entry["game"] == "flight"


def test_simulate_reports_every_seat(capsys) -> None:
    assert main(["simulate", "flight", "--seats", "normal:N,random:R", "--games", "6", "--seed", "2", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert [s["name"] for s in report["seats"]] == ["N", "R"]
    assert sum(s["wins"] for s in report["seats"]) == pytest.approx(6)
    assert report["config"]["hands"] == 1
