"""Boards: a piece larger than the paper, rendered from its layout once, then written at full
size (for a print shop) and tiled over home paper (pnp/render/tiling.py)."""

import io

from pnp.data.game import Board, Game
from pnp.project import Project
from pnp.render.cache import RenderCache
from pnp.render.page_checks import PageLabel, page_findings, settle
from pnp.render.templates import environment, game_view, limit_problem, render

def board_html(project: Project, game: Game, board: Board) -> str:
    env = environment(project.layouts, game.inline_icons)
    try:
        return render(env.get_template(board.layout), game=game_view(game))
    except Exception as error:          # a fault of the layout: FILE:LINE, never a traceback
        raise limit_problem(error, project.layouts, f"layouts/{board.layout}") from None


def render_board(project: Project, game: Game, board: Board) -> bytes:
    html = board_html(project, game, board)
    cache = RenderCache(project.root)
    key = cache.key(board.key, html)
    pdf = cache.get(key)
    labels = [PageLabel(f"{board.title} board", "rect")]
    if pdf is not None:
        settle(board.title, pdf, labels, [])
        return pdf
    from pnp.render.weasy import Renderer     # WeasyPrint loads only when something renders

    with Renderer(project) as renderer:
        document = renderer.layout(html, board.key)
        pdf = renderer.pdf(document, board.key)
        if settle(board.title, pdf, labels, page_findings(document, labels, project, pdf)):
            cache.put(key, pdf)
    return pdf


def board_files(project: Project, game: Game, board: Board, paper: str,
                full: bytes | None = None) -> list[tuple[str, bytes, int]]:
    """(file name, PDF, pages): the board at full size (`full`, when already rendered), and its
    tiles for the paper. The PDF libraries load here: `pnp check` reads the board's HTML only."""
    import pikepdf

    from pnp.render.marks import label_font_file
    from pnp.render.tiling import tile_layout, tile_piece

    full = full if full is not None else render_board(project, game, board)
    font = label_font_file(project)
    tiles = tile_piece(full, tile_layout(paper, board.width_mm, board.height_mm), f"{game.title} · {board.title}", font,
                       game.language, game.words)
    return [(name, pdf, len(pikepdf.open(io.BytesIO(pdf)).pages))
            for name, pdf in ((f"{board.key}-full-size.pdf", full), (f"{board.key}-tiles.pdf", tiles))]
