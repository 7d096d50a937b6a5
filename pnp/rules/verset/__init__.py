"""Le Dernier Verset's rules: pure functions over plain data, no I/O.

Modules: cards (parsing, values), hands (totals), table (the rules a round is played
under, as changed by card effects), rounds (one round: deal, stake, draws, outcome, payout),
odds (exact chances), campaign (difficulty, gall, score, endings), duel and simulate (whole
campaigns under a documented baseline strategy), kinds (the worked-example kinds).
"""
