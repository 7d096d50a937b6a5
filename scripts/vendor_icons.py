"""Vendor game-icons.net icons as SVG files with their authors.

Regenerate with:

    npm pack @iconify-json/game-icons && tar xzf iconify-json-game-icons-*.tgz
    python scripts/vendor_icons.py package/icons.json ../shared/design/icons/game-icons-authors.json

It reads the icon names from layouts/icons/manifest.txt (one per line) and writes
layouts/icons/NAME.svg plus layouts/icons/credits.yaml. Icons are never fetched at build time.
"""

import json
import sys
from pathlib import Path

import yaml

ICONS_DIR = Path(__file__).resolve().parent.parent / "layouts" / "icons"
LICENCE = "CC BY 3.0"


def icon_body(icons: dict, name: str) -> str:
    alias = icons.get("aliases", {}).get(name)
    key = alias["parent"] if alias else name
    return icons["icons"][key]["body"]


def main(iconify_json: str, authors_json: str) -> None:
    icons = json.loads(Path(iconify_json).read_text())
    authors = json.loads(Path(authors_json).read_text())
    names = [line.strip() for line in (ICONS_DIR / "manifest.txt").read_text().splitlines()
             if line.strip() and not line.startswith("#")]
    kept = yaml.safe_load((ICONS_DIR / "credits.yaml").read_text()) or {} if (ICONS_DIR / "credits.yaml").exists() else {}
    credits = {name: entry for name, entry in kept.items()          # a designer's own icons stay credited
               if not str((entry or {}).get("source", "")).startswith("game-icons.net/")}
    for name in names:
        body = icon_body(icons, name)
        svg = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">'
               f"{body}</svg>\n")
        (ICONS_DIR / f"{name}.svg").write_text(svg)
        credits[name] = {"authors": authors[name], "licence": LICENCE,
                         "source": f"game-icons.net/{name}"}
    (ICONS_DIR / "credits.yaml").write_text(
        "# Each icon of layouts/icons/: its authors, licence and source; `pnp check` refuses an icon a game\n"
        "# prints that has no entry here (docs/layouts.md, Credits). Add your own icons' entries; the\n"
        "# game-icons.net ones are rewritten by scripts/vendor_icons.py, which keeps the others.\n"
        + yaml.safe_dump(credits, sort_keys=True))


if __name__ == "__main__":
    main(*sys.argv[1:3])
