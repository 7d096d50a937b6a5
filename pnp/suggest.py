"""What a message offers when a name is not one of those allowed: the closest ones, never a
list so long the answer drowns in it."""

import difflib

MAX_LISTED = 8          # a list of allowed names longer than this is cut to the closest few
CLOSEST = 3


def closest(name: str, known, n: int = CLOSEST) -> list[str]:
    """The known names nearest to `name`, best first: a match but for case before anything else."""
    known = list(dict.fromkeys(str(k) for k in known))
    folded = {k.casefold(): k for k in known}
    first = [folded[name.casefold()]] if name.casefold() in folded else []
    near = difflib.get_close_matches(name.casefold(), list(folded), n=n, cutoff=0.6)
    return list(dict.fromkeys(first + [folded[k] for k in near]))[:n]


def did_you_mean(name: str, known, otherwise: str) -> str:
    """'Did you mean 'blue'?' when a known name is close, else `otherwise`."""
    near = closest(name, known, 1)
    return f"Did you mean '{near[0]}'?" if near else otherwise


def listed(name: str, known, quote: str = "'") -> str:
    """The allowed names, all of them when they are few, else the closest and how many there are."""
    known = list(dict.fromkeys(str(k) for k in known))
    if len(known) <= MAX_LISTED:
        return ", ".join(f"{quote}{k}{quote}" for k in known)
    near = closest(name, known) or known[:CLOSEST]
    return ", ".join(f"{quote}{k}{quote}" for k in near) + f" ({len(known)} in all)"
