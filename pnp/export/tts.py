"""Tabletop Simulator: deck sheets, back images, and a saved object that names them.

A sheet holds at most 10 x 7 cards and 4096 px a side; its last slot is the hidden-card face
(what the others see of a card in a hand), so a sheet holds 69 cards. A deck with one back
has one back image; a deck with a back per card has back sheets on the same grid.
"""

import hashlib
import json
import math

import pypdfium2 as pdfium
from PIL import Image

from pnp.export.images import png_bytes, rasterise
from pnp.export.names import card_name, card_title
from pnp.export.services import TTS_COLUMNS, TTS_MAX_SIDE_PX, TTS_MIN_GRID, TTS_ROWS

CARDS_PER_SHEET = TTS_COLUMNS * TTS_ROWS - 1
CARD_ID_BASE = 100                  # Tabletop Simulator's card ids: sheet number x 100 + slot
DECK_SPACING = 3.0                  # table units between the decks laid out by the saved object
CARD_SCALE_PER_MM = 1 / 63.0        # a poker card is scale 1 on the table


def grid(cards: int) -> tuple[int, int]:
    """Columns and rows of a sheet for `cards` cards plus the hidden-card slot."""
    slots = cards + 1
    columns = max(TTS_MIN_GRID, min(TTS_COLUMNS, slots))
    rows = max(TTS_MIN_GRID, math.ceil(slots / columns))
    return columns, rows


def cell_size(width_mm: float, height_mm: float, columns: int, rows: int) -> tuple[int, int]:
    """The largest card image, in the card's proportions, whose sheet stays within the limit."""
    width = TTS_MAX_SIDE_PX // columns
    height = math.floor(width * height_mm / width_mm)
    if height * rows > TTS_MAX_SIDE_PX:
        height = TTS_MAX_SIDE_PX // rows
        width = math.floor(height * width_mm / height_mm)
    return width, height


def _sheet(images: list, columns: int, rows: int, cell: tuple[int, int], hidden) -> bytes:
    sheet = Image.new("RGB", (columns * cell[0], rows * cell[1]), "white")
    for slot, image in enumerate(images):
        sheet.paste(image, ((slot % columns) * cell[0], (slot // columns) * cell[1]))
    sheet.paste(hidden, ((columns - 1) * cell[0], (rows - 1) * cell[1]))
    return png_bytes(sheet)


def _guid(*parts) -> str:
    return hashlib.sha256("/".join(map(str, parts)).encode()).hexdigest()[:6]


def _transform(x: float, scale: float) -> dict:
    return {"posX": x, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0,
            "scaleX": scale, "scaleY": 1.0, "scaleZ": scale}


def export_tts(game, sides: list, export, base_url: str) -> None:
    objects = []
    sheet_number = 0
    for deck_number, deck_sides in enumerate(sides, start=1):
        deck = deck_sides.loaded.deck
        cards = deck_sides.loaded.cards
        document = pdfium.PdfDocument(deck_sides.pdf)
        scale = round(deck.width_mm * CARD_SCALE_PER_MM, 4)
        custom, contained, ids = {}, [], []
        folder = f"{deck_number:02d}-{deck.key}"
        back_url = None
        for first in range(0, len(cards), CARDS_PER_SHEET):
            chunk = list(range(first, min(first + CARDS_PER_SHEET, len(cards))))
            columns, rows = grid(len(chunk))
            cell = cell_size(deck.width_mm, deck.height_mm, columns, rows)
            faces = [rasterise(document, index, cell, trim_only=True) for index in chunk]
            first_back = rasterise(document, deck_sides.back_index(chunk[0]), cell, trim_only=True)
            sheet_number += 1
            name = f"{folder}-sheet-{first // CARDS_PER_SHEET + 1}.png"
            export.files.append((name, _sheet(faces, columns, rows, cell, first_back)))
            if deck.per_card_back:
                backs = [rasterise(document, deck_sides.back_index(index), cell, trim_only=True) for index in chunk]
                back_name = f"{folder}-backs-{first // CARDS_PER_SHEET + 1}.png"
                export.files.append((back_name, _sheet(backs, columns, rows, cell, first_back)))
                back_url = base_url + back_name
            elif back_url is None:
                back_name = f"{folder}-back.png"
                export.files.append((back_name, png_bytes(first_back)))
                back_url = base_url + back_name
            custom[str(sheet_number)] = {"FaceURL": base_url + name, "BackURL": back_url,
                                         "NumWidth": columns, "NumHeight": rows, "BackIsHidden": True,
                                         "UniqueBack": deck.per_card_back, "Type": 0}
            for slot, index in enumerate(chunk):
                card_id = sheet_number * CARD_ID_BASE + slot
                ids.append(card_id)
                contained.append({"Name": "Card", "Nickname": card_title(cards[index]), "CardID": card_id,
                                  "Transform": _transform(0.0, scale), "GUID": _guid(game.key, deck.key, index),
                                  "CustomDeck": {str(sheet_number): custom[str(sheet_number)]}})
                export.rows.append((deck.title, card_name(cards[index]), 1, f"{name} slot {slot + 1}",
                                    back_url[len(base_url):], f"{deck.width_mm:g} x {deck.height_mm:g} mm"))
        document.close()
        x = (deck_number - 1) * DECK_SPACING * scale
        if len(contained) == 1:                 # Tabletop Simulator's decks hold two cards or more
            card = dict(contained[0], Transform=_transform(x, scale))
            objects.append(dict(card, Nickname=deck.title))
            continue
        objects.append({"Name": "Deck", "Nickname": deck.title, "Transform": _transform(x, scale),
                        "GUID": _guid(game.key, deck.key), "Hands": True, "SidewaysCard": False,
                        "HideWhenFaceDown": True, "DeckIDs": ids, "CustomDeck": custom,
                        "ContainedObjects": contained})
    saved = {"SaveName": game.title, "GameMode": "", "Date": "", "Table": "", "Sky": "", "Note": "",
             "Rules": "", "XmlUI": "", "LuaScript": "", "LuaScriptState": "", "ObjectStates": objects,
             "TabStates": {}, "VersionNumber": ""}
    export.files.append(("tts-saved-object.json", (json.dumps(saved, indent=1, sort_keys=False) + "\n").encode()))
