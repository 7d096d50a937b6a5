"""`pnp simulate olf --tune`: the tuner's search (pnp/rules/olf/tune.py) run on the card data,
and what it writes back: each Nemesis Challenge's targets that changed, by card and field."""

from pnp.errors import UsageError
from pnp.rules.olf.simulate import PHASES
from pnp.rules.olf.tune import MOST_MEASURES, Bands, order_faults, phase_means, tune_nemesis

NEMESES_DECK = "nemeses"


def tune_report(data: dict, bands: Bands, nemesis_ids: list[str], games: int, progress=None) -> dict:
    """Every Nemesis named (all by default) measured and, when outside its band, tuned; the
    changed targets are listed under `write` for the command to write to the deck's file."""
    chosen = [n for n in data["nemeses"] if not nemesis_ids or n["id"] in nemesis_ids]
    unbanded = [n for n in chosen if n["skulls"] not in bands.challenge]
    if unbanded:
        raise UsageError(f"{unbanded[0]['name']} shows {unbanded[0]['skulls']} skulls, and card_data/olf/difficulty.yaml "
                         f"declares bands for {', '.join(map(str, sorted(bands.challenge)))} only: add its band under `skulls:`")
    allotted = games / max(1, len(chosen))             # the progress bar counts `games` in all
    shown = 0

    def show(upto: float) -> None:
        nonlocal shown
        if progress and int(upto) > shown:
            progress(int(upto) - shown)
            shown = int(upto)

    means = phase_means(data)
    rows, writes = [], []
    for number, nemesis in enumerate(chosen):
        measured = 0

        def advance(measures: int, start: float = number * allotted) -> None:
            nonlocal measured
            measured += measures
            show(start + min(allotted, allotted * measured / MOST_MEASURES))
        row = tune_nemesis(data, nemesis, bands, means, advance)
        show((number + 1) * allotted)                 # a Nemesis kept at once fills its share
        rows.append({key: row[key] for key in ("id", "name", "skulls", "targets", "before", "shares", "won",
                                               "tuned", "changed")}
                    | {"win_rates": {str(k): v for k, v in row["win_rates"].items()}, "why": row.get("why", "")})
        index = data["nemeses"].index(nemesis)
        if row["tuned"]:                              # a Nemesis left outside its band keeps its targets
            writes += [{"deck": NEMESES_DECK, "card": index, "field": f"{phase}_targets", "value": row["targets"][phase]}
                       for phase in PHASES if row["targets"][phase] != row["before"][phase]]
    outside = [row for row in rows if not row["tuned"]]
    measured = [{**row, "win_rates": {int(k): v for k, v in row["win_rates"].items()}} for row in rows]
    return {"tune": rows, "write": writes, "out_of_band": [row["id"] for row in outside],
            "out_of_order": order_faults(measured),
            **({"error": "outside the band its skulls declare, its targets left as printed: "
                         + "; ".join(f"{row['name']} ({row['why']})" for row in outside)} if outside else {}),
            "measure": {"parties": list(bands.parties), "games": bands.games, "seed": bands.seed},
            "bands": {str(skulls): {"challenge": [bands.challenge[skulls].low, bands.challenge[skulls].high],
                                    "won": [bands.won[skulls].low, bands.won[skulls].high]}
                      for skulls in sorted(bands.challenge)}}
