"""Exports for print shops and virtual tabletops (`pnp export`): services.py says what each
service asks for, game.py writes a game's cards that way, tts.py Tabletop Simulator's form."""
