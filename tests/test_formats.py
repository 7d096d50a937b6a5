"""Every command on the starter game whose deck is YAML, CSV or a spreadsheet: the same outcome
in each format, and, for a deck with one bad value, the same one-line refusal naming the value
where its format places it (`cards.yaml:17`, `cards.csv:4`, `cards.xlsx:cards!C4`)."""

import csv
import io
import re
import subprocess
import threading

import pytest
import yaml

from pnp.project import Project
from tests.conftest import ROOT, run_pnp

FORMATS = ("yaml", "csv", "xlsx")
BAD_CARD = 2                     # the third card, The Hourglass: its value written as a word
REFUSAL = "card 3 (the-hourglass), value: expected a whole number, found 'ten'"
PLACE = {"yaml": "card_data/tiny/cards.yaml:{line}", "csv": "card_data/tiny/cards.csv:4",
         "xlsx": "card_data/tiny/cards.xlsx:cards!C4"}


def _write_deck(root, kind: str, cards: list) -> None:
    """The starter's cards in `kind`, the declaration naming that file."""
    folder = root / "card_data" / "tiny"
    for old in folder.glob("cards.*"):
        old.unlink()
    names = list(cards[0])
    rows = [names] + [[card[name] for name in names] for card in cards]
    if kind == "yaml":
        (folder / "cards.yaml").write_text(yaml.safe_dump(cards, sort_keys=False, allow_unicode=True))
    elif kind == "csv":
        text = io.StringIO()
        csv.writer(text, lineterminator="\n").writerows(rows)
        (folder / "cards.csv").write_text(text.getvalue())
    else:
        from tests.data.test_xlsx_source import workbook

        workbook(folder / "cards.xlsx", {"cards": rows})
    declaration = folder / "game.yaml"
    declaration.write_text(re.sub(r"data: cards\.\w+", f"data: cards.{kind}", declaration.read_text()))


@pytest.fixture(params=FORMATS)
def starter(request, tiny):
    """The starter game with its deck in one format, and a way to break one value of it."""
    cards = yaml.safe_load((tiny.card_data / "tiny" / "cards.yaml").read_text())
    _write_deck(tiny.root, request.param, cards)

    def broken() -> str:
        """The deck with The Hourglass's value as a word; where its format places that value."""
        bad = [dict(card) for card in cards]
        bad[BAD_CARD]["value"] = "ten"
        _write_deck(tiny.root, request.param, bad)
        text = (tiny.card_data / "tiny" / "cards.yaml").read_text() if request.param == "yaml" else ""
        line = next((n for n, row in enumerate(text.splitlines(), 1) if row.strip() == "value: ten"), None)
        return PLACE[request.param].format(line=line)
    return tiny, broken


def _said(output: str) -> str:
    return " ".join(output.split())


def _refused_alike(said: str, place: str) -> None:
    assert f"{place}: {REFUSAL}" in _said(said), said


COMMANDS = {        # what each command is asked, after GAME and --project (OUT: a folder of the test's)
    "check": ["check", "tiny"],
    "build": ["build", "tiny", "--out", "OUT"],
    "proof": ["proof", "tiny", "--out", "OUT/proof.pdf"],
    "site": ["site", "--games", "tiny", "--paper", "a4", "--out", "OUT"],
    "export": ["export", "tiny", "--for", "tts", "--out", "OUT"],
    "rules --lookup": ["rules", "tiny", "--lookup", "star"],
}


@pytest.mark.parametrize("command", list(COMMANDS))
def test_a_command_works_on_every_format_and_refuses_a_bad_value_alike(starter, command, tmp_path):
    tiny, broken = starter
    def arguments(out: str) -> list:
        return [str(tmp_path / out) + part[3:] if part.startswith("OUT") else part for part in COMMANDS[command]]
    good = run_pnp(*arguments("out"), "--project", str(tiny.root))
    assert good.exit_code == 0, good.output
    place = broken()
    bad = run_pnp(*arguments("bad"), "--project", str(tiny.root))
    assert bad.exit_code == 2 and "Traceback" not in bad.output, bad.output
    _refused_alike(bad.output, place)
    assert not (tmp_path / "bad").exists()


def test_translate_works_on_every_format_and_refuses_a_bad_value_alike(starter):
    tiny, broken = starter
    declaration = tiny.card_data / "tiny" / "game.yaml"
    declaration.write_text(declaration.read_text().replace("language: en\n", "language: en\nlanguages: [en, fr]\n"))
    good = run_pnp("translate", "tiny", "--lang", "fr", "--project", str(tiny.root))
    assert good.exit_code == 1, good.output                 # 1: words left to translate, each named
    assert re.search(r"card_data/tiny/cards\.\w+:(\d+|cards!B2): untranslated: 'The Lantern'", good.output), good.output
    place = broken()
    bad = run_pnp("translate", "tiny", "--lang", "fr", "--project", str(tiny.root))
    assert bad.exit_code == 2
    _refused_alike(bad.output, place)


def test_a_reprint_works_on_every_format_and_refuses_a_bad_value_alike(starter, tmp_path):
    tiny, broken = starter

    def git(*arguments):
        subprocess.run(["git", "-C", str(tiny.root), "-c", "user.email=t@example.org", "-c", "user.name=t",
                        *arguments], check=True, capture_output=True)
    git("init", "-q")
    git("add", "card_data", "layouts", "fonts")
    git("commit", "-qm", "release")
    kind = next((tiny.card_data / "tiny").glob("cards.*")).suffix[1:]
    cards = yaml.safe_load((ROOT / "pnp/starter/files/card_data/__KEY__/cards.yaml").read_text())
    cards[1]["text"] = "Look at the top two cards of the deck."                 # an erratum to The Raven
    _write_deck(tiny.root, kind, cards)
    good = run_pnp("build", "tiny", "--changed-since", "HEAD", "--out", str(tmp_path / "out"), "--project", str(tiny.root))
    assert good.exit_code == 0 and "reprint of 1 card (Cards: 1)" in good.output, good.output
    place = broken()
    bad = run_pnp("build", "tiny", "--changed-since", "HEAD", "--out", str(tmp_path / "bad"), "--project", str(tiny.root))
    assert bad.exit_code == 2
    _refused_alike(bad.output, place)


def _stopped() -> threading.Event:
    stop = threading.Event()
    stop.set()                   # the first build, then no watching: the test's own edits are its changes
    return stop


def test_watch_works_on_every_format_and_refuses_a_bad_value_alike(starter):
    from pnp.editions import Edition, PrintOptions
    from pnp.watch import watch_game

    tiny, broken = starter
    said, failed = [], []
    editions = [Edition("tiny", "a4", out_dir=tiny.root / "output/tiny/a4", owned=True)]
    watch_game(tiny, editions, PrintOptions(), 1, lambda *words, **_: said.append(" ".join(words)),
               failed.append, _stopped())
    assert not failed and any("built" in line for line in said), said
    place = broken()
    watch_game(tiny, editions, PrintOptions(), 1, lambda *words, **_: said.append(" ".join(words)),
               failed.append, _stopped())
    (error,) = failed
    _refused_alike("\n".join(str(problem) for problem in error.problems), place)


def test_serve_works_on_every_format_and_refuses_a_bad_value_alike(starter, monkeypatch):
    from pnp import pool
    from pnp.site.serve import serve_site

    tiny, broken = starter
    monkeypatch.setattr(pool, "default_jobs", lambda: 1)
    said = []

    def serve() -> None:
        serve_site(Project.at(tiny.root), tiny.root / "output" / "site", ["tiny"], "Tiny", 0, True,
                   lambda *words, **_: said.append(" ".join(words)), _stopped())
    serve()
    assert any(line.startswith("built the site") for line in said), said
    place = broken()
    said.clear()
    serve()
    assert not any(line.startswith("built the site") for line in said), said
    _refused_alike("\n".join(said), place)
