"""Le Dernier Verset at the table: the campaign sheet, built from the engine. (The playmat is a
board declared in game.yaml.)"""

from pnp.files import project_font
from pnp.games.verset.rulebook import FEWER, MORE, SPAN, ending_rows
from pnp.render.form_spec import CheckGroup, Column, FormSpec
from pnp.rules.verset.campaign import DIFFICULTIES, DUELS

BODY_FONT = "eb-garamond/eb-garamond-latin-400-normal.woff"
DISPLAY_FONT = "rye/rye-latin-400-normal.woff"
VARIANTS = (("organ", "Cursed Organ"), ("bar", "Bar"), ("spectators", "Shadow Spectators"),
            ("glass", "Glass of Forgiveness"))


GAME_TITLE = "Le Dernier Verset"


COLUMNS = (("drawn", "Verses drawn", 2.8), ("faced", "Verse faced", 2.3), ("gall", "Gall", 0.8),
           ("won", "Rounds won", 1.0), ("lost", "Rounds lost", 1.0), ("result", "Result", 1.4),
           ("souls", "Souls after", 1.1), ("abilities", "Abilities bought", 2.2), ("drinks", "Drinks held", 1.6))
# The Glass of Forgiveness, once a campaign: ticked when drunk, its duel marked in the Result column.
GLASS = ("Glass used", "Drunk: write “cancelled” as that duel’s result")
TALLY = (("souls_left", "Souls left"), ("gall_kept", "Gall kept"), ("soul_transfer", "Souls + gall (Soul Transfer)"),
         ("ending", "Ending"))
HEADINGS = ("Campaign sheet", "Difficulty", "Variants", "Duel", "Endings", "Final tally")
# Every word the sheet prints, for the game's catalogues (`pnp translate`): the rest comes from the engine's names.
PRINTED_WORDS = (HEADINGS + GLASS + tuple(label for _, label in VARIANTS) + tuple(label for _, label, _ in COLUMNS)
                 + tuple(label for _, label in TALLY) + tuple(d.name for d in DIFFICULTIES.values())
                 + (FEWER, MORE, SPAN) + tuple(row["name"] for row in ending_rows()))


def campaign_sheet(title: str = GAME_TITLE, say=lambda words: words) -> FormSpec:
    """The campaign sheet, headed by the game's title (a copy made by `pnp new --from verset`
    prints its own); `say` gives its words in the language printed."""
    return FormSpec(
        title=title,
        subtitle=say("Campaign sheet"),
        groups=(CheckGroup("difficulty", say("Difficulty"), tuple((d.key, say(d.name)) for d in DIFFICULTIES.values())),
                CheckGroup("variant", say("Variants"), tuple((key, say(label)) for key, label in VARIANTS)),
                CheckGroup("glass", say(GLASS[0]), (("used", say(GLASS[1])),))),
        columns=tuple(Column(key, say(label), width) for key, label, width in COLUMNS),
        rows=DUELS,
        row_label=say("Duel"),
        row_key="duel",
        tally=tuple((key, say(label)) for key, label in TALLY),
        reference_title=say("Endings"),
        reference=tuple((row["span"], row["name"]) for row in ending_rows(say)),
        tally_title=say("Final tally"),
    )


def table_pieces(project, game, paper: str) -> list[tuple[str, bytes, int]]:
    """The playmat (one page at full size, and tiled over the paper) and the campaign sheet
    (printable, and fillable on screen): (file name, PDF, pages) each."""
    import io

    import pikepdf

    from pnp.render.forms import draw_form
    from pnp.render.pdfio import normalise

    body = project_font(project.root, project.fonts / BODY_FONT, f"fonts/{BODY_FONT}")
    display = project_font(project.root, project.fonts / DISPLAY_FONT, f"fonts/{DISPLAY_FONT}")
    light = game.ink_saver
    sheet = campaign_sheet(game.title, game.words.gettext if game.words is not None else (lambda words: words))
    pieces = [("campaign-sheet.pdf", normalise(draw_form(sheet, paper, display, body, False, light))),
              ("campaign-sheet-fillable.pdf", normalise(draw_form(sheet, paper, display, body, True, light)))]
    return [(name, pdf, len(pikepdf.open(io.BytesIO(pdf)).pages)) for name, pdf in pieces]
