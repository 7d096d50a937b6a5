"""The worked-example kinds of Le Dernier Verset (see ../shared/design/worked-examples.md).

`context` is the card data as plain dicts keyed by id (Verses, abilities, variant cards),
so an example that names a Verse applies that Verse's effect as the card data states it.
"""

from pnp.rules.kinds import Kind, SetupError, SetupField
from pnp.rules.verset import campaign
from pnp.rules.verset.cards import RANKS, SUITS, CardError, parse_cards
from pnp.rules.verset.hands import counted_values, hand_total, is_blackjack, is_eagle_eye
from pnp.rules.verset.odds import ImpossibleCards, hit_counts, hit_odds
from pnp.rules.verset.campaign import DUELS, HAND_LIMIT
from pnp.rules.verset.components import ABILITIES
from pnp.rules.verset.legal import may_hold_drinks
from pnp.rules.verset.payout import HOWS, HOWS_BY_OUTCOME, OUTCOMES, outcome_error, payout
from pnp.rules.verset.rounds import DeckExhausted, ScriptedPolicy, play_round
from pnp.rules.verset.stakes import RuleViolation, check_stake, highest_stake, may_raise, stake_range
from pnp.rules.verset.table import INITIAL_CARDS, MAX_STAKE, MIN_STAKE, table_rules

STAKE = SetupField("stake", "int", low=MIN_STAKE, high=MAX_STAKE)
MAX_SOULS = 200
VERSE = SetupField("verse", "str", required=False, help="a Verse id whose ability applies")
IN_PLAY = SetupField("in_play", "strs", required=False, help="ids of other cards whose standing effects apply")


def _cards(setup: dict, name: str):
    try:
        cards = parse_cards(setup.get(name) or [])
    except CardError as error:
        raise SetupError(name, str(error)) from None
    _one_deck(cards, name)
    return cards


def _one_deck(cards, name: str) -> None:
    """Refuse cards one 52-card deck cannot give: a suited card twice, or a rank more than four times."""
    suited = [c for c in cards if c.suit]
    twice = sorted({str(c) for c in suited if suited.count(c) > 1})
    if twice:
        raise SetupError(name, f"the card {twice[0]} is dealt twice: the deck holds one of each card")
    for rank in RANKS:
        count = sum(1 for c in cards if c.rank == rank)
        if count > len(SUITS):
            raise SetupError(name, f"{count} cards of rank {rank}: the deck holds {len(SUITS)} of each rank")


def _card_effect(context: dict, name: str, card_id: str):
    for deck in ("verses", "abilities", "drinks", "tunes", "spectators", "glass"):
        if card_id in context.get(deck, {}):
            return context[deck][card_id]["effect"]
    raise SetupError(name, f"no card has the id '{card_id}'")


WOLF_DEALT = INITIAL_CARDS + 1      # the Three-Headed Wolf deals three, one of them face down


def _may_draw_after(cards) -> bool:
    """Whether a hand could still take a card: judged on its face-up cards (R31), so a hand of three
    or more may hide one of its first three (the Three-Headed Wolf's); never after a blackjack."""
    if len(cards) == INITIAL_CARDS and is_blackjack(cards):
        return False
    readings = [cards] + [cards[:i] + cards[i + 1:] for i in range(min(WOLF_DEALT, len(cards)))
                          if len(cards) >= WOLF_DEALT]
    return any(not hand_total(seen).bust for seen in readings)


def _drawn_in_turn(cards, field: str) -> None:
    """Refuse a hand holding a card drawn after the hand had bust, the deal aside (legal.may_hit)."""
    for size in range(WOLF_DEALT, len(cards)):
        if not _may_draw_after(cards[:size]):
            raise SetupError(field, f"card {size + 1}, {cards[size]}, is drawn after "
                                    f"{', '.join(map(str, cards[:size]))}, which has bust: no card is drawn after a bust")


def hand(setup, context):
    cards = _cards(setup, "cards")
    _drawn_in_turn(cards, "cards")
    total = hand_total(cards)
    return {"total": total.total, "soft": total.soft, "bust": total.bust,
            "blackjack": is_blackjack(cards), "eagle_eye": is_eagle_eye(cards), "values": counted_values(cards)}


ONE_AT_A_TIME = {"verses": "Verse (one is chosen, the other leaves the game)",
                 "tunes": "Cursed Organ tune (the Organ is fed once a duel, R23)"}


def _deck_of(context: dict, card_id: str) -> str | None:
    return next((deck for deck in ("verses", "abilities", "drinks", "tunes", "spectators", "glass")
                 if card_id in context.get(deck, {})), None)


def _table(setup, context):
    """The table rules of the Verse named in the setup and the cards in play: each card once, one
    Verse and one tune at most, as a duel holds them (legal.may_choose_verse,
    may_hold_drinks)."""
    effects = []
    if setup.get("verse"):
        if setup["verse"] not in context.get("verses", {}):
            raise SetupError("verse", f"no Verse has the id '{setup['verse']}'")
        effects.append(context["verses"][setup["verse"]]["effect"])
    in_play = list(setup.get("in_play") or [])
    named = ([setup["verse"]] if setup.get("verse") else []) + in_play
    twice = next((card for card in named if named.count(card) > 1), None)
    if twice:
        raise SetupError("in_play", f"'{twice}' is in play twice: the game holds one of each card")
    for deck, what in ONE_AT_A_TIME.items():
        found = [card for card in named if _deck_of(context, card) == deck]
        if len(found) > 1:
            raise SetupError("in_play", f"{', '.join(found)}: a duel has one {what}")
    drinks = [{"id": card} for card in named if _deck_of(context, card) == "drinks"]
    if not may_hold_drinks(drinks):
        raise SetupError("in_play", f"{', '.join(d['id'] for d in drinks)}: a player holds each drink once (R10)")
    for card_id in in_play:
        effects.append(_card_effect(context, "in_play", card_id))
    return table_rules(*effects)


def _check_raise(setup, rules, souls):
    """A raise refused for the souls held; one the table forbids is the example's point (the
    round shows `adjusted: false`), so only the reserve's limit is an error here."""
    if setup.get("adjust") and souls is not None and may_raise(setup["stake"], rules) \
            and not may_raise(setup["stake"], rules, souls):
        raise SetupError("adjust", f"raising a stake of {setup['stake']} to {setup['stake'] + 1} with "
                                   f"{souls} souls held is not allowed: a raise may never take the stake "
                                   f"above {highest_stake(souls)}, the most those souls allow (ruling R7)")


def round_(setup, context):
    deck = list(_cards(setup, "deck"))
    rules = _table(setup, context)
    souls = setup.get("souls_left")
    try:
        check_stake(setup["stake"], rules, souls)
    except RuleViolation as error:
        raise SetupError("stake", str(error)) from None
    _check_raise(setup, rules, souls)
    policy = ScriptedPolicy(bool(setup.get("adjust")), setup.get("hits"), setup.get("stand_on"))
    try:
        result = play_round(deck, setup["stake"], rules, policy, souls_left=souls)
    except DeckExhausted:
        raise SetupError("deck", "the deck runs out before the round ends: add cards") from None
    return {"player": [str(c) for c in result.player], "opponent": [str(c) for c in result.opponent],
            "player_total": result.player_total, "opponent_total": result.opponent_total,
            "outcome": result.outcome, "how": result.how, "stake": result.stake,
            "returned": result.returned, "souls": result.souls, "adjusted": result.adjusted,
            "burned": [str(c) for c in result.burned], "face_down": [str(c) for c in result.face_down]}


def stake(setup, context):
    """Whether a stake may be placed with the souls held, and what may follow (ruling R7)."""
    rules = _table(setup, context)
    souls = setup["souls"]
    if souls < 1:
        return {"allowed": False, "lowest": None, "highest": None, "reserve": None, "may_raise": False}
    allowed = stake_range(rules, souls)
    ok = setup["stake"] in allowed
    return {"allowed": ok, "lowest": allowed[0], "highest": allowed[-1],
            "reserve": souls - setup["stake"] if ok else None,
            "may_raise": ok and may_raise(setup["stake"], rules, souls)}


ROUND_FORM = "STAKE OUTCOME [HOW], as '2 win' or '3 lose opponent_blackjack'"


def _duel_round(text: str, rules):
    words = str(text).split()
    if not 2 <= len(words) <= 3 or not words[0].isdigit():
        raise SetupError("rounds", f"'{text}' is not a round: write {ROUND_FORM}")
    staked, outcome = int(words[0]), words[1]
    how = words[2] if len(words) == 3 else ("equal" if outcome == "tie" else "higher")
    if staked not in range(MIN_STAKE, MAX_STAKE + 1) or outcome not in OUTCOMES or how not in HOWS:
        raise SetupError("rounds", f"'{text}' is not a round: write {ROUND_FORM}; a stake is "
                                   f"{MIN_STAKE} to {MAX_STAKE}, an outcome one of {', '.join(OUTCOMES)}, "
                                   f"a how one of {', '.join(HOWS)}")
    try:
        check_stake(staked, rules)
    except RuleViolation as error:
        raise SetupError("rounds", f"'{text}': {error}") from None
    if error := outcome_error(outcome, how, rules):
        raise SetupError("rounds", f"'{text}': {error}")
    return staked, payout(staked, outcome, how, rules).souls


def glass(setup, context):
    """The Glass of Forgiveness after a lost duel: what its rounds did, what comes back (R27)."""
    rules = _table(setup, context)
    rounds = [_duel_round(text, rules) for text in setup["rounds"]]
    outcomes = [str(text).split()[1] for text in setup["rounds"]]
    if duel({"rounds": outcomes}, context)["winner"] != "opponent":
        raise SetupError("rounds", "the Glass is drunk after losing a duel: these rounds do not end "
                                   f"with the Verse winning its {campaign.ROUNDS_TO_WIN_DUEL} rounds")
    stakes, changes = [staked for staked, _ in rounds], [change for _, change in rounds]
    back = campaign.glass_refund(stakes)
    return {"staked": sum(stakes), "lost": -sum(c for c in changes if c < 0),
            "net": sum(changes), "given_back": back, "souls_after": setup["souls"] + back}


def payout_(setup, context):
    if error := outcome_error(setup["outcome"], setup["how"]):
        raise SetupError("how", error)
    paid = payout(setup["stake"], setup["outcome"], setup["how"])
    return {"returned": paid.returned, "souls": paid.souls}


def _gall(setup, context) -> list[int]:
    """Defeated Verses' gall: each one a Verse is worth, no more Verses of a worth than the deck
    holds, and one a duel at most."""
    gall = list(setup["gall"])
    worths = [verse["difficulty"] for verse in context.get("verses", {}).values()]
    if len(gall) > DUELS:
        raise SetupError("gall", f"{len(gall)} Verses defeated: a campaign is {DUELS} duels")
    for worth in sorted(set(gall)):
        if worths and worth not in worths:
            raise SetupError("gall", f"a Verse is worth {min(worths)} to {max(worths)} gall, not {worth}")
        if worths and gall.count(worth) > worths.count(worth):
            raise SetupError("gall", f"{gall.count(worth)} Verses worth {worth} gall: the deck holds {worths.count(worth)}")
    return gall


def lowest_souls(context) -> int:
    """The fewest souls a campaign can end on: a lost round's cost, at its worst Verse, against the
    most a reserve may stake (ruling R7)."""
    tables = [table_rules(verse["effect"]) for verse in context.get("verses", {}).values()] or [table_rules()]
    return min(held + payout(stake, "lose", how, rules).souls for rules in tables for held in range(1, 2 * MAX_STAKE + 2)
               for stake in stake_range(rules, held) for how in HOWS_BY_OUTCOME["lose"]
               if outcome_error("lose", how, rules) is None)


def score(setup, context):
    if setup["souls"] < (lowest := lowest_souls(context)):
        raise SetupError("souls", f"{setup['souls']} souls: no lost round takes a campaign below {lowest}")
    return campaign.final_score(setup["souls"], _gall(setup, context))


def spend_gall(setup, context):
    return campaign.spend_gall(_gall(setup, context), setup["buy"])


def odds(setup, context):
    held = _cards(setup, "hand")
    _drawn_in_turn(held, "hand")
    if not _may_draw_after(held):
        why = "a blackjack" if is_blackjack(held) else "a hand that has bust"
        raise SetupError("hand", f"{why} draws no more cards: there is no next card to give odds for")
    try:
        seen = _cards(setup, "seen")
        return {**hit_odds(held, seen), "total": hand_total(held).total, **hit_counts(held, seen)}
    except ImpossibleCards as error:
        raise SetupError("seen", str(error)) from None


def difficulty(setup, context):
    level = campaign.DIFFICULTIES[setup["level"]]
    return {"name": level.name, "mode": level.mode, "initial_abilities": level.initial_abilities,
            "initial_souls": level.initial_souls, "duel_won_souls": level.duel_won_souls}


def duel(setup, context):
    """Rounds in order until one side holds two round wins; ties are replayed."""
    wins = losses = played = replayed = 0
    for outcome in setup["rounds"]:
        if wins == campaign.ROUNDS_TO_WIN_DUEL or losses == campaign.ROUNDS_TO_WIN_DUEL:
            raise SetupError("rounds", f"the duel is over after {played} rounds")
        played += 1
        wins += outcome == "win"
        losses += outcome == "lose"
        replayed += outcome == "tie"
    over = wins == campaign.ROUNDS_TO_WIN_DUEL or losses == campaign.ROUNDS_TO_WIN_DUEL
    winner = "player" if wins == campaign.ROUNDS_TO_WIN_DUEL else "opponent" if over else None
    return {"winner": winner, "over": over, "rounds_played": played, "replayed": replayed,
            "bar_drink": winner == "opponent" and wins == 0,
            "spectators": wins >= 1 and losses >= 1}


VARIANT_COSTS = {"organ": campaign.ORGAN_COST, "bar": campaign.BAR_DRINK_COST}


def variant(setup, context):
    """What a variant costs: the Organ's soul, a drink's price."""
    souls = setup["souls"]
    cost = VARIANT_COSTS[setup["variant"]]
    allowed = souls > cost      # paying may not end the campaign (ruling R11)
    return {"allowed": allowed, "cost": cost, "souls_after": souls - cost if allowed else souls}


def hand_limit(setup, context):
    permanents = sum(1 for card in context.get("abilities", {}).values() if card.get("type") == "permanent")
    if setup["held"] > HAND_LIMIT:
        raise SetupError("held", f"{setup['held']} abilities held: a hand rests at {HAND_LIMIT} at most")
    if context.get("abilities") and setup["permanents"] > permanents:
        raise SetupError("permanents", f"{setup['permanents']} Permanents in play: the deck holds {permanents}")
    if setup["held"] + setup["gained"] + setup["permanents"] > ABILITIES:
        raise SetupError("gained", f"{setup['held'] + setup['gained'] + setup['permanents']} abilities: the deck "
                                   f"holds {ABILITIES}")
    held = setup["held"] + setup["gained"]
    return {"discard": campaign.over_hand_limit(["card"] * held), "permanents_in_play": setup["permanents"]}


KINDS = {kind.name: kind for kind in (
    Kind("hand", "a hand's total", (SetupField("cards", "cards"),),
         ("total", "soft", "bust", "blackjack", "eagle_eye", "values"), hand),
    Kind("round", "one round dealt from a known deck",
         (SetupField("deck", "cards", help="cards in draw order"), STAKE,
          SetupField("adjust", "bool", required=False), SetupField("hits", "int", required=False, low=0, high=10),
          SetupField("stand_on", "int", required=False, low=2, high=30),
          VERSE, IN_PLAY,
          SetupField("souls_left", "int", required=False, low=0, high=MAX_SOULS,
                     help="souls the player holds before staking: bounds the stake and a raise")),
         ("player", "opponent", "player_total", "opponent_total", "outcome", "how", "stake",
          "returned", "souls", "adjusted", "burned", "face_down"), round_, one_of=(("hits", "stand_on"),)),
    Kind("stake", "whether a stake may be placed with the souls held, and raised",
         (SetupField("souls", "int", low=0, high=MAX_SOULS, help="souls held before staking"), STAKE,
          VERSE, IN_PLAY),
         ("allowed", "lowest", "highest", "reserve", "may_raise"), stake),
    Kind("glass", "the Glass of Forgiveness after a lost duel",
         (SetupField("rounds", "strs", help=f"the duel's rounds in order: {ROUND_FORM}"),
          SetupField("souls", "int", low=1, high=MAX_SOULS,
                     help="souls held after the lost duel (at 0 the campaign is over, R6)"),
          VERSE),
         ("staked", "lost", "net", "given_back", "souls_after"), glass),
    Kind("payout", "what a round's end pays", (STAKE, SetupField("outcome", "str", choices=OUTCOMES),
                                               SetupField("how", "str", choices=HOWS)),
         ("returned", "souls"), payout_),
    Kind("score", "the end-of-game score and ending",
         (SetupField("souls", "int", low=-50, high=200), SetupField("gall", "ints")), ("total", "ending"), score),
    Kind("spend_gall", "buying an ability with gall",
         (SetupField("gall", "ints"), SetupField("buy", "str", choices=("one", "choice"))),
         ("allowed", "spent", "lost", "price"), spend_gall),
    Kind("odds", "the chances of the next card", (SetupField("hand", "cards"),
                                                  SetupField("seen", "cards", required=False)),
         ("bust_if_hit", "twenty_one_if_hit", "total", "cards_left", "busting", "making_21"), odds),
    Kind("difficulty", "a difficulty level's table row",
         (SetupField("level", "str", choices=tuple(campaign.DIFFICULTIES)),),
         ("name", "mode", "initial_abilities", "initial_souls", "duel_won_souls"), difficulty),
    Kind("duel", "a duel's rounds, best of three with ties replayed",
         (SetupField("rounds", "strs", choices=OUTCOMES, help="win, lose or tie, in order"),),
         ("winner", "over", "rounds_played", "replayed", "bar_drink", "spectators"), duel),
    Kind("variant", "the price of the Cursed Organ and of a drink at the Bar",
         (SetupField("variant", "str", choices=tuple(VARIANT_COSTS)),
          SetupField("souls", "int", low=0, high=MAX_SOULS)),
         ("allowed", "cost", "souls_after"), variant),
    Kind("hand_limit", "abilities over the hand limit",
         (SetupField("held", "int", low=0, high=16), SetupField("gained", "int", low=0, high=16),
          SetupField("permanents", "int", low=0, high=16)),
         ("discard", "permanents_in_play"), hand_limit),
)}
