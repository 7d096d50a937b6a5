"""The editions a `pnp build` or `pnp watch` asks for: games, papers, language and modules
checked against the project before anything renders."""

from pathlib import Path

from pnp.errors import UsageError
from pnp.games import game_keys as game_keys_of, get_game
from pnp.output import check_out_folder, output_folder
from pnp.commands.options import DEFAULT_PAPER


def asked_editions(project, game_keys: tuple, every_game: bool, papers: tuple, language: str | None,
                   modules: tuple, out_dir: str | None, duplex: str, ink_saver: bool = False) -> tuple[list, dict]:
    """The editions a `pnp build` asks for, each game checked to exist; --out only for one."""
    from pnp.editions import Edition

    if every_game and game_keys:
        raise UsageError("give GAME names or --all, not both")
    keys = list(dict.fromkeys(game_keys)) or (game_keys_of(project) if every_game else [])
    if not keys:
        raise UsageError("name a GAME to build (`pnp list` shows them), or --all for every game")
    games = {key: get_game(project, key) for key in keys}
    papers = tuple(dict.fromkeys(papers)) or (DEFAULT_PAPER,)
    modules = tuple(dict.fromkeys(module.lower() for module in modules))
    language = language.lower() if language else None
    if out_dir and len(keys) * len(papers) > 1:
        raise UsageError("--out names one folder: build one game on one paper with it, or leave it out "
                         "to write each to output/GAME/PAPER")
    if every_game:          # --all: each game takes the modules and language it has
        offered = {module.key for game in games.values() for module in game.modules}
        languages = {code for game in games.values() for code in (game.languages or (game.language,))}
        for module in modules:
            if module not in offered:
                raise UsageError(f"--module {module}: no game of the project has it "
                                 f"(modules: {', '.join(sorted(offered)) or 'none'})")
        if language and language not in languages:
            raise UsageError(f"--lang {language}: no game of the project prints in it")
    editions = []
    for key, game in games.items():
        prints_in = game.languages or (game.language,)
        if language and language not in prints_in and not every_game:
            raise UsageError(f"--lang {language}: {game.title} prints in {', '.join(prints_in)}")
        chosen = tuple(m for m in modules if m in {module.key for module in game.modules}) if every_game else modules
        game.with_modules(chosen)
        printed_in = language if language in prints_in else None
        for paper in papers:
            target = Path(out_dir).resolve() if out_dir else output_folder(project, game, paper, duplex, printed_in,
                                                                                        ink_saver)
            check_out_folder(target, owned=out_dir is None)
            editions.append(Edition(key, paper, printed_in, chosen, target, owned=out_dir is None))
    return editions, games
