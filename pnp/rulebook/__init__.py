"""Rulebooks: Markdown in our own words, the engine's numbers, WeasyPrint, booklets."""
