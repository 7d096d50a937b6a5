"""`pnp simulate olf`: each Nemesis's win rate beside its skulls."""


def simulation_report(report: dict, names: dict) -> list:
    rows = [(row["name"], "☠" * row["skulls"], f"{row['win_rate']:.1%}") for row in report["nemeses"]]
    lines = [f"{report['games']:,} games per Nemesis (seed {report['seed']}), a party of {report['party']}, "
             f"the baseline (pnp/rules/olf/simulate.py: Power spent to reach a {report['strive_for']} chance)"]
    table = {"title": "Win rate by Nemesis", "columns": (("Nemesis", "left"), ("skulls", "left"), ("won", "right")),
             "rows": rows}
    flagged = report["flagged"]
    tail = ("skulls agree with the win rates: more skulls, fewer wins" if not flagged else
            "out of order with their skulls: " + ", ".join(flagged))
    return lines + [table, tail]
