"""One Last Fight's rules engine: dice pools, challenges, exact odds, the challenge deck, the
party's resources, the Special and Nemesis abilities, and the legality of every move. Pure Python
over plain data; the numbers are the modules' named constants."""
