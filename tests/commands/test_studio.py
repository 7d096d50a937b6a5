"""`pnp studio` refuses what it cannot open in one line, exit 2, before it serves anything."""

import socket

from tests.conftest import ROOT, run_pnp


def test_an_unknown_game_and_a_language_the_game_does_not_print_in_are_refused():
    result = run_pnp("studio", "versett", "--no-open", "--project", str(ROOT))
    assert result.exit_code == 2 and "unknown game 'versett'" in result.output and "Did you mean 'verset'?" in result.output
    result = run_pnp("studio", "verso", "--lang", "de", "--no-open", "--project", str(ROOT))
    assert result.exit_code == 2 and "--lang de: Verso prints in fr, en" in result.output


def test_a_port_in_use_is_refused_in_words(tiny):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = run_pnp("studio", "tiny", "--port", str(port), "--no-open", "--project", str(tiny.root))
    assert result.exit_code == 2, result.output
    assert f"cannot serve on 127.0.0.1:{port}" in result.output and "Choose another --port" in result.output
    assert "Traceback" not in result.output


def test_a_project_with_no_game_is_refused(tmp_path):
    for name in ("card_data", "layouts", "fonts"):
        (tmp_path / name).mkdir()
    result = run_pnp("studio", "--no-open", "--project", str(tmp_path))
    assert result.exit_code == 2 and "holds no game yet" in result.output
