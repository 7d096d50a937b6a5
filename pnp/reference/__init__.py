"""A game's rules reference: its rules by section, its glossary, every card, its rulings and its
worked examples, linked to each other, built from the sources the rulebook prints from (nothing
kept twice). `pnp site` writes it as pages with a search; `pnp rules GAME --lookup` prints from it."""
