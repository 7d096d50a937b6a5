"""`pnp simulate verso`: the solo scores against the source's ladder, in words and tables."""

LADDER_WORDS = {"legend": "60 or more: legend of the pile", "pro": "55: a pro", "model": "50: a model player",
                "talent": "45: what talent", "nice": "40: nice move", "average": "35: the average game",
                "below": "below 35"}


def simulation_report(report: dict, names: dict) -> list:
    score = report["score"]
    lines = [f"{report['games']:,} solo games (seed {report['seed']}), the baseline strategy "
             f"(scores a series at {report['score_at']} points or more; pnp/rules/verso/strategy.py)",
             f"score: mean {score['mean']}, median {score['median']}, sd {score['sd']}, "
             f"10th-90th percentile {score['p10']}-{score['p90']}, range {score['min']}-{score['max']}"]
    ladder = report["ladder"]
    rows = [(LADDER_WORDS[key], f"{ladder[key]:.1%}") for key in ("below", *reversed([k for k in ladder if k != "below"]))]
    table = {"title": "The source's ladder", "columns": (("rung", "left"), ("games", "right")), "rows": rows}
    per = report["per_game"]
    lines2 = (f"per game: {per['turns']} turns, {per['series']} series, {per['squares']} squares, "
              f"{per['identical_discards']} identical cards thrown away, {per['flips_suffered']} cards "
              "turned by the opponent")
    return lines + [table, lines2]
