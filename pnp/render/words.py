"""The words pnp prints on sheets itself (labels, the scale bar), in each language it knows.
A language missing here prints in English."""

SHEET_WORDS = {
    "en": {
        "sheet": "sheet {number} of {sheets}", "front": "front", "back": "back",
        "long": "flip on the long edge", "short": "flip on the short edge",
        "fold": "one-sided: fold each pair on the dashed line, back to back, and glue",
        "circle_fold": "one-sided: cut both circles of each pair and glue them back to back",
        "moved": "backs moved x {x:+.1f} mm, y {y:+.1f} mm",
        "scale": "50 mm: if this bar measures otherwise, print at 100 % (actual size)",
        "reprint": "{title}, reprint of {count}",
        "tile": "{title}: tile {number} of {tiles} (row {row}, column {column}). Trim the white margin on edges "
                "marked by the outline; overlap {overlap:g} mm: cut one tile along its picture's edge, lay that edge "
                "on the ticks.",
    },
    "fr": {
        "sheet": "feuille {number} sur {sheets}", "front": "recto", "back": "verso",
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


def sheet_words(language: str) -> dict:
    return SHEET_WORDS.get(language, SHEET_WORDS["en"])


def offset_words(offset_mm: tuple[float, float], language: str = "en") -> str:
    return sheet_words(language)["moved"].format(x=offset_mm[0], y=offset_mm[1]) if any(offset_mm) else ""


def page_labels(title: str, sheets: int, duplex: str, language: str = "en",
                offset_mm: tuple[float, float] = (0.0, 0.0), circles: bool = False) -> list[str]:
    """Each page's label: what it is, which sheet, which side and how to flip it."""
    words = sheet_words(language)
    labels = []
    for number in range(1, sheets + 1):
        head = f"{title} · " + words["sheet"].format(number=number, sheets=sheets)
        if duplex == "fold":
            labels.append(f"{head} · {words['circle_fold' if circles else 'fold']}")
            continue
        labels.append(f"{head} · {words['front']}")
        if duplex != "none":
            moved = offset_words(offset_mm, language)
            labels.append(f"{head} · {words['back']} ({words[duplex]}{', ' + moved if moved else ''})")
    return labels
