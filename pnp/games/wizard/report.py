"""The Last Wizard's simulation report as the command line prints it: lines and tables."""

from pnp.errors import plural


def simulation_report(report: dict, names: dict) -> list:
    rounds = report["rounds"]
    items = [f"{plural(report['games'], 'game')} of {report['players']} players with the {report['deck']} deck, "
             f"seed {report['seed']}: {rounds['mean']:.1f} rounds on average ({rounds['shortest']} to "
             f"{rounds['longest']})"]
    items.append({"title": "How games end", "columns": [("end", "left"), ("games", "right"), ("share", "right")],
                  "rows": [[{"30": "a mage reached 30", "0": "a mage fell to 0", "30+0": "both in one round",
                             "none": "no end"}.get(end, end), n, f"{100 * n / report['games']:.1f} %"]
                           for end, n in sorted(report["ends"].items(), key=lambda kv: -kv[1])]})
    items.append({"title": "Wins by seat", "columns": [("seat", "left"), ("share of wins", "right")],
                  "rows": [[seat, f"{100 * share:.1f} %"] for seat, share in report["seats"].items()]})
    cards = sorted(report["cards"].items(), key=lambda kv: -(kv[1]["win_rate"] or 0))
    items.append({"title": "Hands holding each card: rounds won", "columns": [("card", "left"), ("dealt", "right"),
                                                                              ("won", "right"), ("rate", "right")],
                  "rows": [[names.get(key, key), row["dealt"], row["won"],
                            "-" if row["win_rate"] is None else f"{100 * row['win_rate']:.1f} %"] for key, row in cards]})
    items += [f"flag: {names.get(f['card'], f['card'])} wins {100 * f['win_rate']:.1f} % of its rounds against "
              f"{100 * f['average']:.1f} % for the average card" for f in report["flags"]]
    return items
