"""`pnp simulate verdun`: wins, score spreads and the tactical cards that changed tricks."""

from pnp.games.verdun.names import TACTICAL_TITLES


def simulation_report(report: dict, names: dict) -> list:
    weather = ", with Mud and Blood" if report["weather"] else ""
    lines = [f"{report['games']:,} rounds a match, {report['mode']}, the {report['game']} game{weather} "
             f"(seed {report['seed']}); the greedy baseline is pnp/rules/verdun/game.py's"]
    rows = []
    for label, match in report["matches"].items():
        for team in ("french", "german"):
            spread = match[f"{team}_spread"]
            rows.append((label, team.title() + (" (greedy)" if label.startswith("greedy") and team == "french" else ""),
                         f"{match[team + '_score']:+.1f}", spread["p10"], spread["median"], spread["p90"],
                         f"{spread['low']} to {spread['high']}"))
    scores = {"title": "Scores a round", "columns": (("match", "left"), ("team", "left"), ("mean", "right"),
              ("10th", "right"), ("median", "right"), ("90th", "right"), ("range", "right")), "rows": rows}
    wins = {"title": "Results", "columns": (("match", "left"), ("French win", "right"), ("tie", "right"),
                                             ("Assets taken", "right"), ("casualties", "right")),
            "rows": [(label, f"{m['french_wins']:.1%}", f"{m['ties']:.1%}", m["assets_captured"], m["casualties"])
                     for label, m in report["matches"].items()]}
    tactical = {"title": "Tricks a tactical card changed (winner or casualties), a round",
                "columns": (("card", "left"), *((label, "right") for label in report["matches"])),
                "rows": [(TACTICAL_TITLES[name], *(m["tactical_changed_per_round"][name]
                                                   for m in report["matches"].values()))
                         for name in next(iter(report["matches"].values()))["tactical_changed_per_round"]]}
    return lines + [wins, scores, tactical]
