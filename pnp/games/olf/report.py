"""`pnp simulate olf`: each Nemesis's win rate beside its skulls; with --tune, each Nemesis's
measure against its skulls' band and the targets the search chose."""

PHASE_LETTERS = (("approach", "I"), ("lair", "II"), ("end", "III"))


def _targets(targets: dict) -> str:
    return " / ".join(" ".join(map(str, targets[phase])) for phase, _ in PHASE_LETTERS)


def tune_lines(report: dict) -> list:
    measure = report["measure"]
    bands = "; ".join(f"{'☠' * int(skulls)} challenge {band['challenge'][0]:.2f}-{band['challenge'][1]:.2f}, "
                      f"won {band['won'][0]:.0%}-{band['won'][1]:.0%}" for skulls, band in report["bands"].items())
    lines = [f"{measure['games']:,} games at each party size of {', '.join(map(str, measure['parties']))} "
             f"(seed {measure['seed']}), the baseline party; challenge: each Nemesis Challenge's chance over its "
             f"phase's typical chance", f"bands: {bands}"]
    rows = []
    for row in report["tune"]:
        shares = " ".join(f"{row['shares'][phase]:.2f}" for phase, _ in PHASE_LETTERS)
        if not row["tuned"]:
            verdict, targets = "OUTSIDE its band, left as printed", row["before"]
        elif row["changed"]:
            verdict, targets = f"tuned, was {_targets(row['before'])}", row["targets"]
        else:
            verdict, targets = "inside its band", row["targets"]
        rows.append((row["name"], "☠" * row["skulls"], shares, f"{row['won']:.1%}", _targets(targets), verdict))
    table = {"title": "Nemeses against their skulls' bands", "columns": (
        ("Nemesis", "left"), ("skulls", "left"), ("challenge I II III", "right"), ("won", "right"),
        ("targets I / II / III", "left"), ("", "left")), "rows": rows}
    tail = [f"{row['name']}: {row['why']}" for row in report["tune"] if row["why"]]
    tail += [f"out of order with the skulls, {fault}" for fault in report.get("out_of_order", [])]
    written = len(report["write"])
    tail.append(f"{written} target list{'s' * (written != 1)} written to card_data/olf/nemeses.yaml" if written
                else "nothing written" + ("" if report["out_of_band"] else ": every Nemesis measured is inside its band"))
    return lines + [table] + tail


def simulation_report(report: dict, names: dict) -> list:
    if "tune" in report:
        return tune_lines(report)
    rows = [(row["name"], "☠" * row["skulls"], f"{row['win_rate']:.1%}") for row in report["nemeses"]]
    lines = [f"{report['games']:,} games per Nemesis (seed {report['seed']}), a party of {report['party']}, "
             f"the baseline (pnp/rules/olf/simulate.py: Power spent to reach a {report['strive_for']} chance)"]
    table = {"title": "Win rate by Nemesis", "columns": (("Nemesis", "left"), ("skulls", "left"), ("won", "right")),
             "rows": rows}
    flagged = report["flagged"]
    tail = ("skulls agree with the win rates: more skulls, fewer wins" if not flagged else
            "out of order with their skulls: " + ", ".join(flagged))
    return lines + [table, tail]
