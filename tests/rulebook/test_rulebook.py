"""The built rulebook: contents pages, component counts, FAQ, engine numbers, refusal."""

import re

import pypdfium2 as pdfium
import pytest
import yaml

from pnp.data.decks import load_game
from pnp.games import get_game
from pnp.project import Project
from pnp.rulebook.source import rulebook_examples
from tests.conftest import ROOT, run_pnp


def pages_of(path):
    pdf = pdfium.PdfDocument(path)
    return [page.get_textpage().get_text_range() for page in pdf]


@pytest.fixture(scope="module")
def rulebook_pages(built):
    return pages_of(built["a4"] / "rulebook.pdf")


@pytest.fixture(scope="module")
def rulebook_text(rulebook_pages):
    return [" ".join(text.split()) for text in rulebook_pages]


GAME_BUILDS = {"verset": ("built", 30), "wizard": ("built_wizard", 15)}


@pytest.mark.parametrize("game", sorted(GAME_BUILDS))
def test_every_contents_entry_names_the_page_its_heading_lands_on(request, game):
    fixture, fewest = GAME_BUILDS[game]
    rulebook_pages = pages_of(request.getfixturevalue(fixture)["a4"] / "rulebook.pdf")
    rulebook_text = [" ".join(text.split()) for text in rulebook_pages]
    lines = rulebook_pages[1].splitlines()
    entries = [m.groups() for m in (re.match(r"^(\d+(?:\.\d+)?) (.+?) ?(?:\. ?){3,}(\d+)$", line.strip())
                                    for line in lines) if m]
    headings = sum(1 for line in lines if re.match(r"^\d+(\.\d+)? ", line.strip()))
    assert len(entries) == headings >= fewest
    for number, title, page in entries:
        heading = f"{number} {title.strip()}"
        landing = [i + 1 for i, text in enumerate(rulebook_text) if i > 1 and heading in text]
        assert landing, heading
        assert landing[0] == int(page), (heading, landing, page)


def test_component_list_counts_equal_the_card_data(rulebook_text):
    text = " ".join(rulebook_text)
    for loaded in load_game(Project.at(ROOT), get_game(Project.at(ROOT), "verset")):
        assert f"{len(loaded.cards)} {loaded.deck.title}".lower() in " ".join(text.split()).lower()


@pytest.mark.parametrize("game", sorted(GAME_BUILDS))
def test_faq_has_one_entry_per_ruling(request, game):
    rulings = yaml.safe_load((ROOT / "card_data" / game / "rulings.yaml").read_text())
    pages = pages_of(request.getfixturevalue(GAME_BUILDS[game][0])["a4"] / "rulebook.pdf")
    text = " ".join(" ".join(page.split()) for page in pages)
    for number, ruling in enumerate(rulings, 1):               # numbered Q1, Q2... (pnp.rulebook.listings)
        opening = " ".join(ruling["question"].split()[:2])          # a game may print the question alone
        assert text.count(f"Q{number} · ") == 1, ruling["id"]
        assert f"Q{number} · {ruling['topic']}" in text or f"Q{number} · {opening}" in text, ruling["id"]
    assert f"{rulings[0]['id']} ·" not in text


def test_numbers_in_the_prose_come_from_the_engine(rulebook_text):
    text = " ".join(rulebook_text)
    assert "the hand is worth 13" in text                  # {{ ex[...].total }}
    assert "pays double: 10 souls back" in " ".join(text.split())      # payout(3, win, blackjack)


def test_the_rulebook_has_at_least_twelve_worked_examples():
    sources = (ROOT / "card_data" / "verset" / "rulebook" / "en").glob("*.md")
    assert sum(text.count("```example") for text in (p.read_text() for p in sources)) >= 12


def break_a_claim(project):
    """The same wrong number in the example as each language's chapters print it."""
    for chapter in (project / "card_data" / "verset" / "rulebook").glob("*/*.md"):
        text = chapter.read_text()
        if "souls: -3}" in text and "a-bust-ends-the-round" in text:
            chapter.write_text(text.replace("expect: {outcome: lose, how: bust, souls: -3}",
                                            "expect: {outcome: lose, how: bust, souls: -2}"))
    path = project / "card_data" / "verset" / "rulebook" / "en" / "04-a-duel.md"
    line = next(i for i, l in enumerate(path.read_text().splitlines(), 1) if "how: bust, souls: -2}" in l)
    return path, line


def test_a_wrong_claim_in_the_rulebook_fails_check_and_build(project_copy, tmp_path):
    path, line = break_a_claim(project_copy)
    where = f"card_data/verset/rulebook/en/04-a-duel.md:{line}: example a-bust-ends-the-round"
    checked = run_pnp("check", "verset", "--project", str(project_copy))
    assert checked.exit_code == 1 and where in checked.output
    assert "expect.souls is -2, the engine computes -3" in checked.output
    built = run_pnp("build", "verset", "--out", str(tmp_path / "out"), "--project", str(project_copy))
    assert built.exit_code == 1 and where in built.output
    assert not (tmp_path / "out").exists()


def test_force_builds_anyway_and_says_what_it_skipped(project_copy, tmp_path):
    break_a_claim(project_copy)
    out = tmp_path / "out"
    result = run_pnp("build", "verset", "--force", "--duplex", "none", "--out", str(out),
                     "--project", str(project_copy))
    assert result.exit_code == 0, result.output
    assert "WARNING: built with --force" in result.output and "a-bust-ends-the-round" in result.output
    assert (out / "rulebook.pdf").is_file()


def test_an_unknown_example_cited_in_prose_fails_the_build(project_copy, tmp_path):
    path = project_copy / "card_data" / "verset" / "rulebook" / "en" / "05-gall.md"
    path.write_text(path.read_text() + '\nSee {{ ex["no-such-example"].total }}.\n')
    result = run_pnp("build", "verset", "--out", str(tmp_path / "out"), "--project", str(project_copy))
    assert result.exit_code == 2
    assert "05-gall.md" in result.output


def test_every_printed_example_is_headed_by_its_title(rulebook_text):
    text = " ".join(rulebook_text)
    titles = [e.title for e in rulebook_examples(Project.at(ROOT), "verset")]
    assert titles and all(f"Example · {title}" in text for title in titles)


@pytest.mark.parametrize("game", ["verset", "wizard", "verso", "olf", "verdun"])
def test_example_titles_read_as_titles_not_ids(game):
    for example in rulebook_examples(Project.at(ROOT), game):
        words = example.title.split()
        assert len(words) >= 2 and example.title[0].isupper(), (example.id, example.title)
        assert example.title.lower() != example.id.replace("-", " "), example.id
        assert "(s)" not in example.title


def test_a_printed_example_without_a_title_is_refused_at_its_line(project_copy, tmp_path):
    path = project_copy / "card_data" / "verset" / "rulebook" / "en" / "04-a-duel.md"
    lines = path.read_text().splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("title:"))
    del lines[at]
    path.write_text("\n".join(lines) + "\n")
    result = run_pnp("check", "verset", "--project", str(project_copy))
    assert result.exit_code == 2
    assert f"card_data/verset/rulebook/en/04-a-duel.md:{at}:" in result.output
    assert "title" in result.output and "Add `title: ...`" in result.output


def test_nothing_printed_writes_a_plural_as_x_s():
    printed = [p for p in (ROOT / "card_data").rglob("*") if p.suffix in (".md", ".yaml", ".csv")]
    printed += [p for p in (ROOT / "layouts").rglob("*.html")] + list((ROOT / "pnp" / "games").rglob("*.py"))
    found = [f"{p.relative_to(ROOT)}: {m.group(0)}" for p in printed
             for m in re.finditer(r"\w+\(s\)", p.read_text(encoding="utf-8"))]
    assert not found, found


# --- issue 28, item 9: a chapter naming what the game lacks names what it has ------------------

def test_a_chapter_naming_a_deck_the_game_lacks_names_the_decks_it_has(tiny):
    declaration = tiny.card_data / "tiny" / "game.yaml"
    declaration.write_text(declaration.read_text().replace("  - key: cards\n", "  - key: lanterns\n"))
    result = run_pnp("check", "tiny", "--project", str(tiny.root))
    assert result.exit_code == 2
    assert "01-how-to-play.md:4: counts: expected a deck key of the game (lanterns), found 'cards'" in result.output
    assert "has no attribute" not in result.output
    chapter = tiny.card_data / "tiny" / "rulebook" / "01-how-to-play.md"
    chapter.write_text(chapter.read_text().replace("counts.cards", "counts.lanterns")
                       .replace('card("cards", "the-lantern")', 'card("lantern", "the-lanter")'))
    result = run_pnp("check", "tiny", "--project", str(tiny.root))
    assert "card(...): expected a deck key of the game (lanterns), found 'lantern'. Did you mean 'lanterns'?" \
        in result.output
    chapter.write_text(chapter.read_text().replace('card("lantern"', 'card("lanterns"'))
    result = run_pnp("check", "tiny", "--project", str(tiny.root))
    assert "card(...): expected a card id of the Cards, found 'the-lanter'. Did you mean 'the-lantern'?" \
        in result.output


# --- a card drawn in a chapter is the card as printed, at any size ------------------------------

STARTER_CARD_GROUND = (0x1D, 0x3A, 0x4A)        # the starter's .card background (its cards.css)


def _filled_boxes(page, rgb) -> list[tuple[float, float, float, float]]:
    """(left, bottom, right, top) in points of every path the page fills in `rgb`."""
    import ctypes

    import pypdfium2.raw as raw
    boxes = []
    for obj in page.get_objects(max_depth=5):
        if obj.type == raw.FPDF_PAGEOBJ_PATH:
            r, g, b, a = (ctypes.c_uint() for _ in range(4))
            raw.FPDFPageObj_GetFillColor(obj, r, g, b, a)
            if (r.value, g.value, b.value) == rgb:
                boxes.append(obj.get_bounds())
    return boxes


def test_a_card_drawn_in_a_chapter_has_its_deck_s_size_bleed_and_text_alignment(tiny, tmp_path):
    """At tarot size with 2 mm of bleed, the thumbnail draws the whole card (the rulebook once
    placed every face as a 63 x 88 mm card with 3 mm of bleed, cutting a tarot card off), and
    its centred text stays centred (the rulebook's justified paragraphs once reached it)."""
    from pnp.rulebook.render import THUMBNAIL_SCALE
    declaration = tiny.card_data / "tiny" / "game.yaml"
    text = declaration.read_text()
    assert "    size: poker" in text
    declaration.write_text(re.sub(r"    size: poker.*\n", "    size: tarot\n    bleed_mm: 2\n", text))
    result = run_pnp("build", "tiny", "--project", str(tiny.root), "--out", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    pdf = pdfium.PdfDocument(tmp_path / "out" / "rulebook.pdf")
    mm = 72 / 25.4
    found = []
    for page in pdf:
        textpage = page.get_textpage()
        search = textpage.search("Draw a", match_case=True)
        while (hit := search.get_next()):
            line = textpage.get_text_range(hit[0], 60).split("\r\n")[0]
            first, last = textpage.get_charbox(hit[0]), textpage.get_charbox(hit[0] + len(line.rstrip()) - 1)
            for left, bottom, right, top in _filled_boxes(page, STARTER_CARD_GROUND):
                if left <= first[0] <= right and bottom <= first[1] <= top:
                    found.append(((right - left) / mm, (top - bottom) / mm, (left + right) / 2,
                                  (first[0] + last[2]) / 2))
    assert len(found) == 1, found
    width, height, card_centre, text_centre = found[0]
    assert width == pytest.approx((70 + 4) * THUMBNAIL_SCALE, abs=0.1)
    assert height == pytest.approx((120 + 4) * THUMBNAIL_SCALE, abs=0.1)
    assert text_centre == pytest.approx(card_centre, abs=0.5 * mm)


def test_an_inline_icon_written_in_a_chapter_is_refused_with_the_way_to_draw_it(tiny):
    chapter = tiny.card_data / "tiny" / "rulebook" / "01-how-to-play.md"
    lines = chapter.read_text().splitlines()
    lines.append("The player with the most {star} wins; `{star}` in code and "
                 '{{ "{star}" | rules("#8c6d24") }} are fine.')
    chapter.write_text("\n".join(lines) + "\n")
    result = run_pnp("check", "tiny", "--project", str(tiny.root))
    assert result.exit_code == 2, result.output
    assert (f"card_data/tiny/rulebook/01-how-to-play.md:{len(lines)}: (text): expected an inline icon drawn by the "
            "rules filter, found '{star}', which a chapter prints as text") in " ".join(result.output.split())
    assert result.output.count("{star}'") == 1, result.output
    assert 'Write {{ "{star}" | rules("#rrggbb") }}' in result.output


def test_every_chapter_s_fault_is_reported_in_one_run(tiny):
    declaration = tiny.card_data / "tiny" / "game.yaml"
    declaration.write_text(declaration.read_text().replace("  - key: cards\n", "  - key: lanterns\n"))
    (tiny.card_data / "tiny" / "rulebook" / "02-a-turn.md").write_text(
        "# A turn\n\nPlay one of your {{ counts.cards }} cards.\n")
    result = run_pnp("check", "tiny", "--project", str(tiny.root))
    assert result.exit_code == 2
    faulty = {line.strip().split(":")[0] for line in result.output.splitlines() if "rulebook/0" in line}
    chapters = sorted(p.name for p in (tiny.card_data / "tiny" / "rulebook").glob("*.md")
                      if "cards" in p.read_text())
    assert len(chapters) >= 2
    assert {f"card_data/tiny/rulebook/{name}" for name in chapters} <= faulty, result.output


def test_a_new_game_s_rulebook_credits_its_fonts_and_icon_authors(tiny, tmp_path):
    """The starter printed game-icons.net's icons without naming their authors (CC BY 3.0 asks
    for it), and every credits page listed all eleven bundled fonts, used or not; a designer's own
    icon is credited with its own licence."""
    from tests.test_credits import own_icon

    own_icon(tiny.root, credit="{authors: [Ann Designer], licence: CC0 1.0, source: annsicons.example}")
    result = run_pnp("build", "tiny", "--project", str(tiny.root), "--out", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    text = " ".join(" ".join(pages_of(tmp_path / "out" / "rulebook.pdf")).split())
    credits = text[text.rindex("Credits"):]
    assert "game-icons.net" in credits and "Creative Commons Attribution 3.0" in credits
    assert "Lorc" in credits or "Delapouite" in credits, credits
    named = {family for family in ("Rye", "EB Garamond", "IBM Plex Mono", "Cinzel Decorative", "Spectral", "Nunito")
             if f"{family} by" in credits}
    assert named == {"Rye", "EB Garamond", "IBM Plex Mono"}, credits
    assert "Other icons: lamp by Ann Designer, CC0 1.0, annsicons.example." in credits, credits


def test_a_fault_laid_out_after_a_card_in_a_chapter_is_reported_at_its_own_line(tiny, tmp_path):
    """A card drawn by card() once added its layout's lines to the chapter's, so a fault below
    it was reported eight lines too far down."""
    chapter = tiny.card_data / "tiny" / "rulebook" / "01-how-to-play.md"
    lines = chapter.read_text().splitlines()
    assert any('card("cards"' in line for line in lines)
    lines += ["", 'The palest star: {{ "{star}" | rules("#f7f3ea") }}.']
    chapter.write_text("\n".join(lines) + "\n")
    result = run_pnp("build", "tiny", "--project", str(tiny.root), "--out", str(tmp_path / "out"))
    assert result.exit_code == 2, result.output
    assert f"card_data/tiny/rulebook/01-how-to-play.md:{len(lines)}: " in result.output, result.output
    assert "found the icon 'law-star', which is drawn with too little contrast" in " ".join(result.output.split())
    result = run_pnp("check", "tiny", "--measure-fit", "--project", str(tiny.root))     # the rulebook laid out too
    assert result.exit_code == 2 and f"01-how-to-play.md:{len(lines)}: " in result.output, result.output
