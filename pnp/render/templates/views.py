"""Validated data as templates may see it: attributes, lists and scalars, nothing that leads to
an environment, a loader or Python internals."""

from types import SimpleNamespace

from pydantic import BaseModel

from pnp.data.fields import id_fields

from pnp.errors import RenderError
from pnp.typography import line_ends_kept


class UnknownDeck(RenderError):
    """A template asked a by-deck table for a deck the game does not have."""

    def __init__(self, table: str, key, decks: list[str]):
        self.table, self.key, self.decks = table, key, decks
        super().__init__(f"{table}.{key}: the game has no deck '{key}'")


class ByDeck(dict):
    """A table by deck key (`counts`, `deck_cards`) that names the decks there are when a
    template asks for one that is not (Jinja would say "'dict object' has no attribute")."""

    def __init__(self, table: str, items: dict):
        super().__init__(items)
        self.table = table

    def __missing__(self, key):
        raise UnknownDeck(self.table, key, list(self))


def plain_view(value):
    """Validated data as templates may see it: attributes, lists and scalars, nothing else."""
    if isinstance(value, BaseModel):
        fields = {name: plain_view(getattr(value, name)) for name in type(value).model_fields}
        fields.update({k: plain_view(v) for k, v in (value.model_extra or {}).items()})
        if "id" not in fields and hasattr(value, "id"):
            fields["id"] = value.id
        return SimpleNamespace(**fields)
    if isinstance(value, ByDeck):
        return ByDeck(value.table, {key: plain_view(item) for key, item in value.items()})
    if isinstance(value, dict):
        return {key: plain_view(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain_view(item) for item in value]
    return value


def deck_view(deck) -> SimpleNamespace:
    return SimpleNamespace(key=deck.key, title=deck.title, count=deck.count, width_mm=deck.width_mm,
                           height_mm=deck.height_mm, bleed_mm=deck.bleed_mm, shape=deck.shape,
                           per_card_back=deck.per_card_back, fold_lines_mm=list(deck.fold_lines_mm))


def game_view(game) -> SimpleNamespace:
    """The game as layouts see it; `_words` (out of the sandbox's reach) translates `_()` and `{% trans %}`."""
    return SimpleNamespace(key=game.key, title=game.title, language=game.language, players=game.players,
                           play_time=game.play_time, pitch=game.pitch, ink_saver=getattr(game, "ink_saver", False),
                           print_shop=getattr(game, "print_shop", False),
                           stylesheet=game.stylesheet, colours=dict(getattr(game, "colours", {})),
                           _words=getattr(game, "words", None))


def printed_card(card, game=None):
    """The card with its text fields in the language the game prints in (the rules engine reads
    the card as written; a field its id is made of stays as written)."""
    words = getattr(game, "words", None)
    if words is None or not isinstance(card, BaseModel):
        return card
    skipped = id_fields(type(card))
    update = {}
    for name in getattr(type(card), "WORD_FIELDS", ()):
        value = getattr(card, name, None)
        if name in skipped or value is None:
            continue
        update[name] = [words.get(item) for item in value] if isinstance(value, list) else words.get(value)
    return card.model_copy(update=update) if update else card


def card_view(card, game=None):
    """A card as its layouts see it, in the language printed, each text's last two words held
    together (no word alone on a paragraph's last line, whatever the layout does with it)."""
    printed = printed_card(card, game)
    if isinstance(printed, BaseModel):
        update, skipped = {}, id_fields(type(printed))
        for name in getattr(type(printed), "WORD_FIELDS", ()):
            value = getattr(printed, name, None)
            if name in skipped or value is None:
                continue
            update[name] = [line_ends_kept(item) for item in value] if isinstance(value, list) else line_ends_kept(value)
        printed = printed.model_copy(update=update) if update else printed
    return plain_view(printed)
