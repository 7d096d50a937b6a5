"""`pnp rules GAME --lookup WORDS` and `--anchors`: the rules reference in the terminal."""

import json

from tests.conftest import ROOT, run_pnp


def test_a_lookup_prints_the_term_its_rule_cards_and_rulings():
    result = run_pnp("rules", "verdun", "--lookup", "stratag", "--project", str(ROOT))
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.startswith("Verdun: ") and "entries for “stratag”" in out
    term = out.index("Term Stratagem  glossary.html#term-stratagem")
    assert max(term, out.index("Card Stratagem  cards.html#card-tactical--stratagem")) < out.index("Rule ")
    assert "rule: 4.2 Play" in out and "rulings: D3, D14" in out
    assert "Ruling D14" in out


def test_a_lookup_in_json_and_in_another_language():
    result = run_pnp("rules", "verso", "--lookup", "série", "--json", "--project", str(ROOT))
    assert result.exit_code == 0, result.output
    found = json.loads(result.output)
    assert found[0]["kind"] == "term" and found[0]["title"] == "Série"
    english = json.loads(run_pnp("rules", "verso", "--lookup", "series", "--lang", "en", "--json",
                                 "--project", str(ROOT)).output)
    assert english[0]["title"] == "Series"


def test_a_lookup_that_finds_nothing_says_so():
    result = run_pnp("rules", "wizard", "--lookup", "zzzqx", "--project", str(ROOT))
    assert result.exit_code == 0 and "nothing in the rules reference for “zzzqx”" in result.output


def test_a_language_the_game_does_not_print_in_is_refused():
    result = run_pnp("rules", "verso", "--lookup", "joker", "--lang", "de", "--project", str(ROOT))
    assert result.exit_code == 2 and "--lang de: Verso prints in fr, en" in result.output


def test_anchors_are_listed_by_level():
    result = run_pnp("rules", "verso", "--anchors", "--project", str(ROOT))
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[0].startswith("le-jeu  1 Le jeu")
    assert "  le-jeu--le-materiel  1.1 Le matériel" in lines
