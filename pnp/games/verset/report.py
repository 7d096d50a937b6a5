"""Le Dernier Verset's simulation report as the command line prints it: lines and tables."""

from pnp.errors import plural


def _rate(value) -> str:
    return "-" if value is None else f"{100 * value:.1f} %"


def simulation_report(report: dict, names: dict) -> list:
    """Items to print: a str is a line, a dict a table {title, columns: [(name, justify)], rows}."""
    items = [f"{plural(report['campaigns'], 'campaign')}, seed {report['seed']}, difficulty "
             f"{report['difficulty']}, variants: {', '.join(report['variants']) or 'none'}; "
             f"{report['survived']} ended with souls left"]
    verses = sorted(report["verses"].items(), key=lambda kv: (kv[1]["difficulty"], kv[0]))
    items.append({"title": "Duels against each Verse",
                  "columns": [("Verse", "left"), ("gall", "right"), ("faced", "right"), ("won", "right"),
                              ("win rate", "right")],
                  "rows": [[names.get(key, key), row["difficulty"], row["faced"], row["won"], _rate(row["win_rate"])]
                           for key, row in verses]})
    items.append({"title": "By difficulty mark",
                  "columns": [("gall", "right"), ("faced", "right"), ("won", "right"), ("win rate", "right")],
                  "rows": [[mark, row["faced"], row["won"], _rate(row["win_rate"])]
                           for mark, row in report["difficulty_marks"].items()]})
    items.append({"title": "Endings", "columns": [("ending", "left"), ("campaigns", "right"), ("share", "right")],
                  "rows": [[name, count, _rate(count / report["campaigns"])]
                           for name, count in sorted(report["endings"].items(), key=lambda kv: -kv[1])]})
    items += [f"flag: {names.get(f['verse'], f['verse'])} shows {plural(f['printed'], 'gall', 'gall')} but plays "
              f"like {f['plays_like']} (win rate {_rate(f['win_rate'])})" for f in report["flags"]]
    return items
