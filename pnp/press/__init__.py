"""Files for a press: colour converted to CMYK, PDF/X, total ink, preflight, soft proof."""
