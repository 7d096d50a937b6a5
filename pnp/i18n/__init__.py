"""Games in other languages: catalogues, extraction, checks (docs/translating.md)."""
