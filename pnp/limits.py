"""How much pnp reads, renders and reports before it refuses. A game folder from a stranger
cannot exhaust the machine: each limit answers with a clear error (exit 2) naming the file,
the line and the limit. The memory cap and the clocks are enforced by the operating system
(pnp.contained); the counts are checked before the work they bound.

The person running pnp (never a game folder) may set any of them for a run, as
`PNP_MAX_MEMORY_BYTES=2000000000 pnp build big-game`: a server building uploads tightens
them, a designer with a very large game loosens one.
"""

import os
import sys

MAX_FILE_BYTES = 4_000_000            # any data, layout, chapter, stylesheet or icon file
MAX_YAML_NODES = 200_000              # values in one YAML file, aliases counted as expanded
MAX_YAML_ALIASES = 1_000              # uses of `*anchor` in one YAML file
MAX_NESTING = 50                      # levels of lists and mappings in one YAML file
MAX_NUMBER_DIGITS = 50                # digits of a whole number in YAML
MAX_CSV_ROWS = 10_000                 # rows of one CSV deck
MAX_XLSX_UNPACKED_BYTES = 40_000_000   # an .xlsx workbook's parts, unzipped
MAX_COPIES = 1_000                    # a CSV row's `count`
MAX_DECK_CARDS = 5_000                # cards in one deck, copies included
MAX_RANGE_ITEMS = 250_000             # items all `range()` calls of one render may ask for
MAX_TEMPLATE_NUMBER = 1_000_000       # the largest number a template may pass to a call or filter
MAX_TEMPLATE_STRING = 1_000_000       # characters one `*` in a template may produce
MAX_TEMPLATE_OUTPUT = 20_000_000      # characters of HTML one render may produce
TEMPLATE_SECONDS = 5                  # wall clock for one template render
MAX_HTML_DEPTH = 200                  # nested elements in a page handed to WeasyPrint
MAX_IMAGE_PIXELS = 50_000_000         # pixels of one raster image (about 7000 x 7000)
MAX_SVG_USES = 200                    # `<use>` elements in one SVG
RENDER_SECONDS = 240                  # wall clock for WeasyPrint to lay out and write one document
MAX_MEMORY_BYTES = 1_000_000_000     # address space of each process doing the work (RLIMIT_AS)
LOAD_SECONDS = 60                     # wall clock for reading and checking one data file
STAGE_GRACE_SECONDS = 2               # the supervisor waits this long past a clock before it kills
MAX_REPORTED_PROBLEMS = 50            # problems printed; the rest are counted


def _from_environment() -> None:
    for name, value in list(globals().items()):
        wanted = os.environ.get(f"PNP_{name}", "").replace("_", "")
        if not name.isupper() or not isinstance(value, int) or not wanted:
            continue
        if wanted.isdigit() and int(wanted) > 0:
            globals()[name] = int(wanted)
        else:
            print(f"pnp: PNP_{name}={wanted!r} ignored: expected a whole number above 0 (default {value:,})",
                  file=sys.stderr)


_from_environment()
