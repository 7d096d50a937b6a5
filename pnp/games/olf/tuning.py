"""`pnp simulate olf --tune`: the tuner's search (pnp/rules/olf/tune.py) run on the card data,
and what it writes back: each Nemesis Challenge's targets that changed, by card and field."""

from pnp.rules.olf.simulate import PHASES
from pnp.rules.olf.tune import Bands, evaluations, phase_means, tune_nemesis

NEMESES_DECK = "nemeses"


def tune_report(data: dict, bands: Bands, nemesis_ids: list[str], games: int, progress=None) -> dict:
    """Every Nemesis named (all by default) measured and, when outside its band, tuned; the
    changed targets are listed under `write` for the command to write to the deck's file."""
    chosen = [n for n in data["nemeses"] if not nemesis_ids or n["id"] in nemesis_ids]
    step = max(1, games // max(1, len(chosen) * evaluations(bands)))
    means = phase_means(data)
    rows, writes = [], []
    for nemesis in chosen:
        row = tune_nemesis(data, nemesis, bands, means, (lambda n: progress(step * n)) if progress else None)
        rows.append({key: row[key] for key in ("id", "name", "skulls", "targets", "before", "shares", "won",
                                               "tuned", "changed")}
                    | {"win_rates": {str(k): v for k, v in row["win_rates"].items()}, "why": row.get("why", "")})
        index = data["nemeses"].index(nemesis)
        writes += [{"deck": NEMESES_DECK, "card": index, "field": f"{phase}_targets", "value": row["targets"][phase]}
                   for phase in PHASES if row["targets"][phase] != row["before"][phase]]
    return {"tune": rows, "write": writes, "out_of_band": [row["id"] for row in rows if not row["tuned"]],
            "measure": {"parties": list(bands.parties), "games": bands.games, "seed": bands.seed},
            "bands": {str(skulls): {"challenge": [bands.challenge[skulls].low, bands.challenge[skulls].high],
                                    "won": [bands.won[skulls].low, bands.won[skulls].high]}
                      for skulls in sorted(bands.challenge)}}
