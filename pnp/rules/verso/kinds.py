"""Verso's worked-example kinds (docs/worked-examples.md). A face is written `COLOUR VALUE/VP`:
`blue 3/1`, `orange */3`. `context["cards"]` is the deck (Cards), whose faces give each
face's other side."""

from collections import Counter

from pnp.rules.kinds import Kind, SetupError, SetupField
from pnp.rules.verso.components import SOLO_LADDER, SQUARE_POINTS
from pnp.rules.verso.faces import FaceError, parse_face
from pnp.rules.verso.seats import NotOnTable, pile_size, score_series
from pnp.rules.verso.series import evaluate_series
from pnp.rules.verso.solo import ladder as ladder_words, most_held, must_flip
from pnp.rules.verso.table import Table, add, flip_target, is_square, turn


def _face(text, field: str):
    try:
        return parse_face(text)
    except FaceError as error:
        raise SetupError(field, str(error)) from None


def _faces(items, field: str) -> list:
    if not isinstance(items, list):
        raise SetupError(field, "a list of faces such as [blue 3/1, blue */3]")
    return [_face(item, field) for item in items]


def _table(items, field: str = "table") -> Table:
    faces = _faces(items, field)
    if len(set(faces)) != len(faces):
        raise SetupError(field, "a table never holds two identical faces (the second is thrown away)")
    return Table(tuple((f"t{i}", face) for i, face in enumerate(faces)), square_standing=is_square(faces))


def _deck(setup: dict, context: dict) -> list[tuple]:
    """The deck's cards as (face, face) pairs: the setup's own, or the game's."""
    if "deck" in setup:
        pairs = setup["deck"]
        if not isinstance(pairs, list):
            raise SetupError("deck", "a list of cards, each 'FACE | FACE': ['blue 2/1 | green 3/3']")
        found = []
        for pair in pairs:
            parts = str(pair).split("|")
            if len(parts) != 2:
                raise SetupError("deck", f"a card is 'FACE | FACE', not '{pair}'")
            found.append(tuple(_face(part, "deck") for part in parts))
        return found
    return [(card.recto, card.verso) for card in context.get("cards", [])]


def _backs_of(deck: list[tuple]) -> dict:
    """Each face to the face on its other side."""
    return {a: b for x, y in deck for a, b in ((x, y), (y, x))}


def _backs(setup: dict, context: dict) -> dict:
    return _backs_of(_deck(setup, context))


def _in_the_box(tables: list, setup: dict, context: dict, field: str, at=lambda index: ()) -> None:
    """Refuse tables the box cannot lay out: more cards showing a face (and so its back) than the
    deck holds, every table together."""
    deck = _deck(setup, context)
    box_of = Counter(frozenset(pair) for pair in deck)
    backs = _backs_of(deck)
    held: Counter = Counter()
    for index, faces in enumerate(tables):
        for face in faces:
            card = frozenset((face, backs.get(face, face)))
            held[card] += 1
            box = box_of[card]
            if backs and held[card] > box:
                other = backs.get(face, face)
                sides = str(face) if other == face else f"{face} or its other side, {other}"
                raise SetupError(field, f"{held[card]} cards showing {sides}: the deck holds {box} such card"
                                        f"{'s' * (box != 1)} (ruling V1)", at(index))


def _back(face, backs: dict, field: str):
    if face not in backs:
        raise SetupError(field, f"no card of the deck shows {face}")
    return backs[face]


def series(setup, context):
    result = evaluate_series(_faces(setup["cards"], "cards"))
    final = bool(setup.get("final", False))
    out = {"valid": result.valid, "points": result.points, "discard": [str(f) for f in result.discard],
           "neighbours_turn": result.valid and not final}
    if not result.valid:
        out["reason"] = result.reason
    return out


def series_turn(setup, context):
    """A series scored at the table: the scorer (the first table) and the players after them."""
    given = setup["tables"]
    if not isinstance(given, list) or not given or not all(isinstance(t, list) for t in given):
        raise SetupError("tables", "a list of tables, the scorer's first: [[blue 2/1, blue 3/3], [blue 5/1]]")
    tables = [_table(faces, "tables") for faces in given]
    backs = _backs(setup, context)
    final = bool(setup.get("final", False))
    if len(tables) > 1:
        try:
            most = pile_size(len(tables))
        except ValueError as error:
            raise SetupError("tables", str(error)) from None
        if sum(len(t.faces) for t in tables) > most:
            raise SetupError("tables", f"{sum(len(t.faces) for t in tables)} cards on the tables: {len(tables)} "
                                       f"players draw from a pile of {most}")
    elif len(tables[0].faces) > most_held(final):
        raise SetupError("tables", f"{len(tables[0].faces)} cards on a solo table: the player takes at most "
                                   f"{most_held(final)} of the pile before {'the last' if final else 'this'} series")
    _in_the_box([t.faces for t in tables], setup, context, "tables", lambda index: (index,))
    try:
        played = score_series(tables, 0, _faces(setup["cards"], "cards"), backs, final)
    except NotOnTable as error:
        raise SetupError("cards", str(error)) from None
    except KeyError as missing:
        raise SetupError("tables", f"no card of the deck shows {missing.args[0]}") from None
    out = {"valid": played.series.valid, "points": played.series.points,
           "discard": [str(f) for f in played.series.discard],
           "tables": [[str(f) for f in table.faces] for table in played.tables],
           "turned": [str(f) if f else None for f in played.turned], "square_points": list(played.square_points)}
    if not played.series.valid:
        out["reason"] = played.series.reason
    return out


def square(setup, context):
    faces = _faces(setup["table"], "table")
    found = is_square(faces)
    return {"square": found, "points": SQUARE_POINTS if found else 0}


def flip(setup, context):
    face = _face(setup["face"], "face")
    return {"back": str(_back(face, _backs(setup, context), "face"))}


def draw(setup, context):
    """Taking the top card: kept as shown, or turned over first (forced when identical)."""
    table = _table(setup["table"])
    shown = _face(setup["top"], "top")
    _in_the_box([[*table.faces, shown]], setup, context, "table")
    forced = must_flip(table, shown)
    turned = forced or bool(setup.get("flip", False))
    taken = _back(shown, _backs(setup, context), "top") if turned else shown
    change = add(table, "drawn", taken)
    return {"forced": forced, "turned": turned, "taken": str(taken),
            "discarded": str(change.discarded) if change.discarded else None,
            "table": [str(f) for f in change.table.faces], "square_points": change.square_points}


def neighbour(setup, context):
    """A neighbour scored a series of `colour`: which of your cards turns over, and what follows."""
    table = _table(setup["table"])
    _in_the_box([table.faces], setup, context, "table")
    colour = str(setup["colour"])
    target = flip_target(table.faces, colour)
    if target is None:
        return {"turned": None, "now": None, "discarded": None, "table": [str(f) for f in table.faces],
                "square_points": 0}
    back = _back(target, _backs(setup, context), "table")
    change = turn(table, target, back)
    return {"turned": str(target), "now": str(back), "discarded": str(change.discarded) if change.discarded else None,
            "table": [str(f) for f in change.table.faces], "square_points": change.square_points}


def opponent(setup, context):
    """Solo: the opponent turns the pile's top card over; you may have to turn one of yours."""
    table = _table(setup["table"])
    shown = _face(setup["top"], "top")
    backs = _backs(setup, context)
    if len(table.faces) > most_held():
        raise SetupError("table", f"{len(table.faces)} cards: when the opponent plays, the solo player has taken "
                                  f"at most {most_held()} of the pile")
    _in_the_box([[*table.faces, shown]], setup, context, "table")
    revealed = _back(shown, backs, "top")
    acts = not (shown.joker or revealed.joker) and revealed.value > shown.value
    target = flip_target(table.faces, revealed.colour) if acts else None
    out = {"revealed": str(revealed), "acts": acts, "turned": str(target) if target else None, "now": None,
           "discarded": None, "table": [str(f) for f in table.faces], "square_points": 0}
    if target is not None:
        back = _back(target, backs, "table")
        change = turn(table, target, back)
        out.update(now=str(back), discarded=str(change.discarded) if change.discarded else None,
                   table=[str(f) for f in change.table.faces], square_points=change.square_points)
    return out


def ladder(setup, context):
    score = setup["score"]
    return {"words": ladder_words(score), "next": next((least for least, _ in reversed(SOLO_LADDER) if least > score),
                                                        None)}


FACES = "faces, each 'COLOUR VALUE/VP': [blue 3/1, blue */3]"
DECK = SetupField("deck", "strs", required=False, help="cards to look backs up in, 'FACE | FACE' (default: the game's deck)")
TABLE = SetupField("table", "strs", help="the faces in front of the player")

KINDS = {kind.name: kind for kind in (
    Kind("series", "a series: is it valid, its points, the two cards thrown away",
         (SetupField("cards", "strs", help=FACES),
          SetupField("final", "bool", required=False, help="the last series at the end: no one turns a card")),
         ("valid", "points", "discard", "neighbours_turn", "reason"), series),
    Kind("series_turn", "a series scored at the table: the scorer's points and table, what each neighbour turns",
         (SetupField("tables", "tables", help="each player's faces, the scorer's first, then clockwise; "
                                              "one table: the solo game"),
          SetupField("cards", "strs", help="the series, " + FACES),
          SetupField("final", "bool", required=False, help="the last series at the end: no one turns a card"), DECK),
         ("valid", "points", "discard", "tables", "turned", "square_points", "reason"), series_turn),
    Kind("square", "the square figure: 9 cards, 3 of each colour, scoring 7",
         (TABLE,), ("square", "points"), square),
    Kind("flip", "the face on the other side of a face", (SetupField("face", "str"), DECK), ("back",), flip),
    Kind("draw", "taking the top card, as shown or turned over (forced when identical to one of yours)",
         (TABLE, SetupField("top", "str", help="the face the top card shows"),
          SetupField("flip", "bool", required=False, help="the player turns it over first"), DECK),
         ("forced", "turned", "taken", "discarded", "table", "square_points"), draw),
    Kind("neighbour", "a neighbour's series: your largest card of its colour turns over",
         (TABLE, SetupField("colour", "str", choices=("blue", "green", "orange")), DECK),
         ("turned", "now", "discarded", "table", "square_points"), neighbour),
    Kind("opponent", "solo: the simulated opponent's turn",
         (TABLE, SetupField("top", "str", help="the face the pile's top card shows"), DECK),
         ("revealed", "acts", "turned", "now", "discarded", "table", "square_points"), opponent),
    Kind("ladder", "solo: what the source's ladder says of a score",
         (SetupField("score", "int", low=0, high=200),), ("words", "next"), ladder),
)}
