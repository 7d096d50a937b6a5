"""Le Dernier Verset at the table: the campaign sheet, built from the engine. (The playmat is a
board declared in game.yaml.)"""

from pnp.files import project_font
from pnp.games.verset.rulebook import ending_rows
from pnp.render.forms import CheckGroup, Column, FormSpec
from pnp.rules.verset.campaign import DIFFICULTIES, DUELS

BODY_FONT = "eb-garamond/eb-garamond-latin-400-normal.woff"
DISPLAY_FONT = "rye/rye-latin-400-normal.woff"
VARIANTS = (("organ", "Cursed Organ"), ("bar", "Bar"), ("spectators", "Shadow Spectators"),
            ("glass", "Glass of Forgiveness"))


GAME_TITLE = "Le Dernier Verset"


def campaign_sheet(title: str = GAME_TITLE) -> FormSpec:
    """The campaign sheet, headed by the game's title (a copy made by `pnp new --from verset`
    prints its own)."""
    return FormSpec(
        title=title,
        subtitle="Campaign sheet",
        groups=(CheckGroup("difficulty", "Difficulty", tuple((d.key, d.name) for d in DIFFICULTIES.values())),
                CheckGroup("variant", "Variants", VARIANTS)),
        columns=(Column("drawn", "Verses drawn", 3.2), Column("faced", "Verse faced", 2.4),
                 Column("gall", "Gall", 0.8), Column("won", "Rounds won", 1.0),
                 Column("lost", "Rounds lost", 1.0), Column("result", "Result", 1.4),
                 Column("souls", "Souls after", 1.1), Column("abilities", "Abilities bought", 2.6)),
        rows=DUELS,
        row_label="Duel",
        tally=(("souls_left", "Souls left"), ("gall_kept", "Gall kept"),
               ("soul_transfer", "Souls + gall (Soul Transfer)"), ("ending", "Ending")),
        reference_title="Endings",
        reference=tuple((row["span"], row["name"]) for row in ending_rows()),
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
    sheet = campaign_sheet(game.title)
    pieces = [("campaign-sheet.pdf", normalise(draw_form(sheet, paper, display, body, False, light))),
              ("campaign-sheet-fillable.pdf", normalise(draw_form(sheet, paper, display, body, True, light)))]
    return [(name, pdf, len(pikepdf.open(io.BytesIO(pdf)).pages)) for name, pdf in pieces]
