"""One Last Fight's rules engine: dice pools, challenges, exact odds, the challenge deck, the
party's resources. Pure Python over plain data; the numbers are components.py's constants."""
