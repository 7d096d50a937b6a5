"""Verso's rules engine: two-faced cards, series, the square figure, flips, the solo mode.

Pure Python over plain data; rule numbers are the constants of components.py, readings of the
source's silences are the rulings of card_data/verso/rulings.yaml (cited as V1, V2 ...).
"""
