"""The words pnp prints on sheets itself (labels, the scale bar), in each language it knows, and
the font it prints them in.
A game printed in a language missing here takes them from its own catalogue (`pnp translate`
lists them, with the game's words), else prints them in English."""

LABEL_FONT_FILE = "eb-garamond/eb-garamond-latin-400-normal.woff"   # under fonts/: sheets' and tiles' labels

SHEET_WORDS = {
    "en": {
        "sheet": "sheet {number} of {sheets}", "front": "front", "back": "back",
        "one_sided": "one-sided: print this side only",
        "long": "flip on the long edge", "short": "flip on the short edge",
        "fold": "one-sided: fold each pair on the dashed line, back to back, and glue",
        "circle_fold": "one-sided: cut both circles of each pair and glue them back to back",
        "moved": "backs moved x {x:+.1f} mm, y {y:+.1f} mm",
        "scale": "50 mm: if this bar measures otherwise, print at 100% (actual size)",
        "reprint": "{title}, reprint of {count}",
        "tile": "{title}: tile {number} of {tiles} (row {row}, column {column}). Trim the white margin on edges "
                "marked by the outline; overlap {overlap:g} mm: cut one tile along its picture’s edge, lay that edge "
                "on the ticks.",
    },
    "fr": {
        "sheet": "feuille {number} sur {sheets}", "front": "recto", "back": "verso",
        "one_sided": "recto seul : n’imprimez que ce côté",
        "long": "retourner par le bord long", "short": "retourner par le bord court",
        "fold": "recto seul : pliez chaque paire sur le pointillé, dos à dos, et collez",
        "circle_fold": "recto seul : découpez les deux cercles de chaque paire et collez-les dos à dos",
        "moved": "versos décalés x {x:+.1f} mm, y {y:+.1f} mm",
        "scale": "50 mm : si cette barre mesure autre chose, imprimez à 100 % (taille réelle)",
        "reprint": "{title}, réimpression de {count}",
        "tile": "{title} : tuile {number} sur {tiles} (rangée {row}, colonne {column}). Coupez la marge blanche "
                "des bords marqués par le contour ; recouvrement de {overlap:g} mm : coupez une tuile le long du "
                "bord de son image, posez ce bord sur les repères.",
    },
}


def sheet_words(language: str, catalogue=None) -> dict:
    """The sheet words in `language`: pnp's own, else the game's catalogue's (`catalogue`, the
    game's pnp.i18n Words), else English."""
    if language in SHEET_WORDS:
        return SHEET_WORDS[language]
    english = SHEET_WORDS["en"]
    if catalogue is None:
        return english
    return {key: catalogue.get(_as_msgid(text)).replace("%%", "%") for key, text in english.items()}


def _as_msgid(text: str) -> str:
    """As a catalogue holds it: every catalogued string is %-formatted, a literal % written %%."""
    return text.replace("%", "%%")


def catalogued_sheet_words(language: str) -> list[str]:
    """The sheet words a game's catalogue in `language` holds: all of them, unless pnp has its own."""
    return [] if language in SHEET_WORDS else [_as_msgid(text) for text in SHEET_WORDS["en"].values()]


def page_labels(title: str, sheets: int, duplex: str, language: str = "en",
                offset_mm: tuple[float, float] = (0.0, 0.0), circles: bool = False, catalogue=None) -> list[str]:
    """Each page's label: what it is, which sheet, which side and how to flip it."""
    words = sheet_words(language, catalogue)
    labels = []
    for number in range(1, sheets + 1):
        head = f"{title} · " + words["sheet"].format(number=number, sheets=sheets)
        if duplex == "fold":
            labels.append(f"{head} · {words['circle_fold' if circles else 'fold']}")
            continue
        if duplex == "none":
            labels.append(f"{head} · {words['one_sided']}")
            continue
        labels.append(f"{head} · {words['front']}")
        moved = words["moved"].format(x=offset_mm[0], y=offset_mm[1]) if any(offset_mm) else ""
        labels.append(f"{head} · {words['back']} ({words[duplex]}{', ' + moved if moved else ''})")
    return labels
