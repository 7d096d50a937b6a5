"""`pnp studio`: a game's decks in the browser, as grids written back to their files, each card
previewed live as the build renders it, with what the checks find drawn on it.

grid.py reads a deck as the table shows it, edits.py writes an edit to the deck's file (through
yaml_edit.py, csv_edit.py or xlsx_edit.py), preview.py renders a card, follow.py the sheet and
rulebook behind it, app.py holds it together, server.py answers the page (assets/), run.py
watches the files until Ctrl-C.
"""
