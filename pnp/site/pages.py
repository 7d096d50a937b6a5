"""What each page of the site shows in a language, from what the build made once for all of them
(pnp.site): a game's page in a language it prints in shows that language's edition (its title,
pitch, PDFs, rulebooks and rules reference); in another, its own language's, in the page's words."""

from pnp.data.game import Game
from pnp.site.catalogue import how_to_print
from pnp.site.languages import counted, fill, listed, size_words
from pnp.site.reference import reference_folder


def shown_language(made: dict, language: str) -> str:
    """The game's language a page in `language` shows: that one, if the game prints in it."""
    return language if language in made["editions"] else made["language"]


def game_page(game: Game, made: dict, language: str, words: dict) -> dict:
    """A game's page in `language`; `made` is what _game_files made of it, `words` the site's
    words by language."""
    said = words[language]
    shown_in = shown_language(made, language)
    shown = game.in_language(shown_in)
    papers = []
    for edition in made["editions"][shown_in]:
        title = said[f"paper_{edition['paper']}"]
        files = []
        for entry in edition["files"]:
            printing = how_to_print(shown, entry["name"], title, said)
            files.append({**entry, "title": printing.title, "stock": printing.stock, "sides": printing.sides,
                          "note": printing.note, "size": size_words(entry["bytes"], said),
                          "pages_words": counted(said, "pages", entry["pages"]),
                          "cards_words": counted(said, "pieces", entry["cards"]) if entry["cards"] else ""})
        papers.append({"key": edition["key"], "title": title, "files": files,
                       "zip": {**edition["zip"], "size": size_words(edition["zip"]["bytes"], said)}})
    cover = made["covers"][shown_in]
    others = [other for other in made["editions"] if other != shown_in]
    return {"key": game.key, "title": shown.title, "players": shown.players, "play_time": shown.play_time,
            "pitch": shown.pitch, "cover": cover["src"], "language": shown_in,
            "cover_alt": shown.cover.alt or fill(said["cover_alt"], game=shown.title,
                                                 cards=listed(cover["names"], said)),
            "accent": made["accent"], "accent_text": made["accent_text"], "title_font": made["title_font"],
            "papers": papers,
            "reference": {"href": f"{reference_folder(game, shown_in)}/index.html", "language": shown_in}
            if made["reference"] else None,
            "other_references": [{"href": f"{reference_folder(game, other)}/index.html", "language": other,
                                  "name": words[other]["language"], "label": words[other]["reference"]}
                                 for other in others] if made["reference"] else [],
            "rulebooks": [{"paper": paper["title"], "href": entry["href"], "size": entry["size"],
                           "pages_words": entry["pages_words"], "language": shown_in}
                          for paper in papers for entry in paper["files"] if entry["rulebook"]]}


def calibration_in(sheets: list[dict], said: dict) -> list[dict]:
    """The printing page's calibration sheets, in its words."""
    return [{**sheet, "title": fill(said[f"calibration_{sheet['duplex']}"], paper=said[f"paper_{sheet['paper']}"]),
             "meta": fill(said["calibration_file"], size=size_words(sheet["bytes"], said))} for sheet in sheets]
