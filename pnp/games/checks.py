"""Deck checks shared by games: effect steps against a vocabulary."""

from pnp.data.located import Located
from pnp.errors import Problem


def effect_problems(vocabulary: dict):
    """A deck check: each effect step's parameters are the ones its op takes, typed."""

    def check(located: Located, cards: list) -> list[Problem]:
        problems = []
        for index, card in enumerate(cards):
            for step_index, step in enumerate(card.effect):
                params = vocabulary[step.op]
                given = dict(step.model_extra or {})
                where = (index, "effect", step_index)
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
