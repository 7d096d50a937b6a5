"""Deck checks shared by games: effect steps against an engine's vocabulary."""

import difflib

from pnp.data.located import Located
from pnp.errors import Problem


def effect_problems(vocabulary: dict, field_name: str = "effect"):
    """A deck check: each step of the field names an op of the vocabulary, with the parameters
    that op takes, typed."""

    def check(located: Located, cards: list) -> list[Problem]:
        problems = []
        for index, card in enumerate(cards):
            for step_index, step in enumerate(getattr(card, field_name) or ()):
                where = (index, field_name, step_index)
                if step.op not in vocabulary:
                    close = difflib.get_close_matches(step.op, vocabulary, n=1)
                    problems.append(Problem(located.file, located.line_of(where + ("op",)),
                                            located.field_name(where + ("op",)),
                                            "one of the engine's ops: " + ", ".join(sorted(vocabulary)),
                                            repr(step.op), f"Did you mean '{close[0]}'?" if close else ""))
                    continue
                params = vocabulary[step.op]
                given = dict(step.model_extra or {})
                for name in sorted(set(given) - set(params)):
                    allowed = ", ".join(sorted(params)) or "no parameters"
                    problems.append(Problem(located.file, located.line_of(where + (name,)),
                                            located.field_name(where + (name,)),
                                            f"a parameter of '{step.op}' ({allowed})",
                                            f"unknown parameter '{name}'", "Remove it"))
                for name, param in params.items():
                    if name not in given:
                        if param.required:
                            problems.append(Problem(located.file, located.line_of(where),
                                                    located.field_name(where + (name,)),
                                                    f"{param.describe()} ('{step.op}' needs it)",
                                                    "nothing", f"Add `{name}:` to the step"))
                    elif not param.accepts(given[name]):
                        problems.append(Problem(located.file, located.line_of(where + (name,)),
                                                located.field_name(where + (name,)),
                                                param.describe(), repr(given[name])))
        return problems

    return check
