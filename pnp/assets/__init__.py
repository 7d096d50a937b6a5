"""Files pnp needs wherever it runs, outside any project: the label font of `pnp impose` sheets (EB Garamond, SIL Open Font License 1.1, OFL.txt)."""
