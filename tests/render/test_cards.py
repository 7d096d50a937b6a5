import pdfplumber
import pytest

from pnp.data.decks import load_game
from pnp.errors import RenderError
from pnp.games import get_game
from pnp.project import Project
from pnp.render.cards import render_deck
from pnp.typography import keep_last_words


def test_long_text_shrinks_to_fit_but_not_below_the_floor(project_copy, tmp_path):
    project = Project.at(project_copy)
    game = get_game(project, "verset")
    verses = next(d for d in load_game(project, game) if d.deck.key == "verses")
    first = verses.cards[0].model_copy(update={
        "ability": "Before each deal, the top card of the deck is discarded face down, unseen. "
                   "Then the Verse looks at it, smiles, and keeps its counsel for the rest of the duel."})
    pdf = render_deck(project, game, verses.deck, [first] + verses.cards[1:])
    path = tmp_path / "verses.pdf"
    path.write_bytes(pdf)
    with pdfplumber.open(path) as document:
        def size_of(page, word):
            words = document.pages[page].extract_words(extra_attrs=["size"])
            return next(w["size"] for w in words if w["text"].strip(".,") == word)
        shrunk = size_of(0, "counsel")      # the long ability
        plain = size_of(1, "raise")         # the next Verse's ability, at its base size
    assert 7.0 <= shrunk < plain


def test_a_layout_that_reads_outside_the_project_fails(project_copy):
    css = project_copy / "layouts" / "verset" / "cards.css"
    css.write_text(css.read_text() + '\n.card { background-image: url("/etc/hostname"); }\n')
    project = Project.at(project_copy)
    game = get_game(project, "verset")
    glass = next(d for d in load_game(project, game) if d.deck.key == "glass-of-forgiveness")
    with pytest.raises(RenderError, match="outside the project"):
        render_deck(project, game, glass.deck, glass.cards)


def test_a_font_that_cannot_load_fails_the_build_instead_of_a_silent_fallback(project_copy):
    (project_copy / "fonts" / "rye" / "rye-latin-400-normal.woff").write_bytes(b"not a font")
    project = Project.at(project_copy)
    game = get_game(project, "verset")
    glass = next(d for d in load_game(project, game) if d.deck.key == "glass-of-forgiveness")
    with pytest.raises(RenderError):
        render_deck(project, game, glass.deck, glass.cards)


def test_only_the_sides_that_shrink_are_laid_out_again(tiny, monkeypatch, tmp_path):
    """A long name shrinks over several passes: after the whole deck's first pass, each pass
    lays out that card alone, and the PDF holds it shrunk among the others at their sizes."""
    from pnp.render import weasy

    cards = tiny.card_data / "tiny" / "cards.yaml"
    cards.write_text(cards.read_text().replace("name: The Lantern\n", "name: The Lantern of the Lighthouse\n", 1))
    game = get_game(tiny, "tiny")
    deck = load_game(tiny, game)[0]
    names = [keep_last_words(card.name) for card in deck.cards]          # as layouts print them
    passes = []
    layout = weasy.Renderer.layout
    monkeypatch.setattr(weasy.Renderer, "layout",
                        lambda self, html, *rest, **options: passes.append(html) or layout(self, html, *rest, **options))
    monkeypatch.setenv("PNP_CACHE", "off")
    path = tmp_path / "cards.pdf"
    path.write_bytes(render_deck(tiny, game, deck.deck, deck.cards))
    assert len(passes) >= 3 and all(name in passes[0] for name in names)
    for html in passes[1:]:
        assert [name for name in names if name in html] == [keep_last_words("The Lantern of the Lighthouse")]
    with pdfplumber.open(path) as document:
        assert len(document.pages) == len(names) + 1
        sizes = [{round(w["size"], 2) for w in page.extract_words(extra_attrs=["size"]) if w["text"] in ("The", "Lantern")}
                 for page in document.pages[:2]]
    assert max(sizes[0]) < max(sizes[1])               # the long name shrank; the next card's did not


def test_a_shrunk_side_is_laid_out_with_the_cards_before_it_when_styles_count_them(tiny, monkeypatch, tmp_path):
    """A counter runs from card to card: the side laid out again is laid out after the others,
    and prints the number it has in the deck."""
    cards = tiny.card_data / "tiny" / "cards.yaml"
    cards.write_text(cards.read_text().replace("name: The Raven\n", "name: The Raven of the Moors\n", 1))
    stylesheet = tiny.layouts / "tiny" / "cards.css"
    stylesheet.write_text(stylesheet.read_text() + "\nbody { counter-reset: card; }\n.card { counter-increment: card; }\n"
                          ".card .name::before { content: 'No' counter(card) ' '; }\n")
    game = get_game(tiny, "tiny")
    deck = load_game(tiny, game)[0]
    monkeypatch.setenv("PNP_CACHE", "off")
    path = tmp_path / "cards.pdf"
    path.write_bytes(render_deck(tiny, game, deck.deck, deck.cards))
    with pdfplumber.open(path) as document:
        text = document.pages[1].extract_text()
    assert "No2" in text and "Moors" in text, text


def test_a_rules_line_is_not_broken_after_its_first_word_by_an_icon_at_its_end(tiny, tmp_path):
    """The starter's first card printed "Draw" alone, then "a card. ... gain ★.": WeasyPrint
    broke that early before a no-break space then an image in EB Garamond."""
    game = get_game(tiny, "tiny")
    deck = load_game(tiny, game)[0]
    path = tmp_path / "cards.pdf"
    path.write_bytes(render_deck(tiny, game, deck.deck, deck.cards[:1]))
    with pdfplumber.open(path) as document:
        lines = document.pages[0].extract_text().splitlines()
    assert deck.cards[0].text.startswith("Draw a card.")
    assert any(line.startswith("Draw a card.") for line in lines), lines



def _cut_at_the_foot(items: int):
    """A card whose fit box ends 5.6 mm above the trim: WeasyPrint sends a paragraph that does
    not fit overleaf, unseen by the box's extent (its lines end inside the box)."""
    import weasyprint

    item = "<li><b>Step.</b> lorem ipsum dolor sit amet consectetur adipiscing elit sed do</li>"
    return weasyprint.HTML(string=f"""<style>@page {{ size: 69mm 94mm; margin: 0 }}
        .page {{ position: relative; width: 69mm; height: 94mm; overflow: hidden; break-after: page }}
        .trim {{ position: absolute; left: 3mm; top: 3mm; width: 63mm; height: 88mm; overflow: hidden }}
        .ref {{ position: absolute; left: 5.6mm; right: 5.6mm; top: 12.6mm; bottom: 5.6mm; font-size: 8pt;
                line-height: 1.22 }} .ref p {{ margin: 0 0 1.1mm }} .ref ol {{ margin: 0 0 1mm; padding-left: 3.6mm }}
        </style><div class="page"><div class="trim"><div class="ref" data-fit="ref"><ol>{item * items}</ol>
        <p>The round ends when the hands are empty.</p></div></div></div><div class="page">back</div>""").render()


def test_a_paragraph_sent_overleaf_from_its_box_is_text_that_does_not_fit():
    from pnp.render.cards import side_starts
    from pnp.render.fitting import overflows

    fits, spills = _cut_at_the_foot(7), _cut_at_the_foot(10)
    assert len(fits.pages) == 2 and overflows(fits.pages[0]) == []
    assert len(spills.pages) == 3 and side_starts(spills) == [0, 2]      # page 2: the card's last paragraph
    assert [name for name, _ratio, _box in overflows(spills.pages[0])] == ["ref"]
