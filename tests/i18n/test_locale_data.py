"""The glossary and the rulings in another language: locale/LANG/glossary.yaml and rulings.yaml."""

import yaml

from pnp.games import get_game
from pnp.reference.glossary import load_glossary
from pnp.rulebook.listings import rulings
from tests.conftest import run_pnp


def _french(tiny):
    declaration = tiny.card_data / "tiny" / "game.yaml"
    declaration.write_text(declaration.read_text().replace("language: en\n", "language: en\nlanguages: [en, fr]\n"))
    folder = tiny.card_data / "tiny" / "locale" / "fr"
    folder.mkdir(parents=True)
    return folder


def test_a_term_in_french_replaces_its_source_words(tiny):
    folder = _french(tiny)
    term = yaml.safe_load((tiny.card_data / "tiny" / "glossary.yaml").read_text())[0]
    (folder / "glossary.yaml").write_text(yaml.safe_dump(
        {term["term"]: {"term": "Terme", "also": ["termes"], "rule": term["rule"], "definition": "Une définition."}},
        allow_unicode=True))
    game = get_game(tiny, "tiny")
    french = {t.term: t for t in load_glossary(tiny, game, "fr")}
    assert french["Terme"].definition == "Une définition." and french["Terme"].also == ("termes",)
    assert term["term"] in {t.term for t in load_glossary(tiny, game, "en")}


def test_a_term_the_source_does_not_have_is_refused_at_its_line(tiny):
    folder = _french(tiny)
    (folder / "glossary.yaml").write_text("# terms\nNo such term:\n  term: Rien\n  rule: x\n  definition: y\n")
    result = run_pnp("check", "tiny", "--project", str(tiny.root))
    assert result.exit_code == 2
    assert "card_data/tiny/locale/fr/glossary.yaml:2: No such term: expected a key of the source" in result.output


def test_a_ruling_in_french_is_printed_in_french(project_copy):
    from pnp.project import Project

    project = Project.at(project_copy)
    game = get_game(project, "verset")
    folder = project.card_data / "verset" / "locale" / "fr"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "rulings.yaml").write_text(yaml.safe_dump({"R1": {"topic": "Verre", "question": "Q ?", "ruling": "Une fois.",
                                                                 "why": "Parce que."}}, allow_unicode=True))
    french = {r["id"]: r for r in rulings(project, game.in_language("fr", force=True))}
    assert french["R1"]["ruling"] == "Une fois." and french["R1"]["source"]
    assert rulings(project, game)[0]["ruling"] != "Une fois."
