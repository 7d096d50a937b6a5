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
MAX_TEMPLATE_STRING = 1_000_000       # characters (or items) one operation in a template may make
MAX_TEMPLATE_OUTPUT = 20_000_000      # characters of HTML one render may produce
TEMPLATE_SECONDS = 5                  # wall clock for one template render
MAX_HTML_DEPTH = 200                  # nested elements in a page handed to WeasyPrint
MAX_IMAGE_PIXELS = 50_000_000         # pixels of one raster image (about 7000 x 7000)
MAX_SVG_USES = 200                    # `<use>` elements in one SVG
RENDER_SECONDS = 240                  # wall clock for WeasyPrint to lay out and write one document
MAX_REVISION_FILES = 10_000           # files and folders read from the project at a git revision
MAX_REVISION_BYTES = 200_000_000      # bytes of git objects read for one --changed-since
MAX_DELTA_DEPTH = 1_000               # deltas one git object is built from (git makes 50)
REVISION_SECONDS = 60                 # wall clock for reading the game at a git revision
MAX_FOLDER_DEPTH = 32                 # folders nested in one folder of the project
MAX_CACHE_ENTRY_BYTES = 100_000_000   # one cached PDF or table read back (larger: rendered afresh)
MAX_XLSX_PART_BYTES = 20_000_000      # one part of an .xlsx workbook (a sheet, the shared strings) unzipped
MAX_COLUMNS = 100                     # columns of one CSV or spreadsheet deck
MAX_VALUE_CHARS = 10_000              # characters of one value: a YAML scalar, a CSV or spreadsheet cell
MAX_CATALOGUE_STRING = 10_000         # characters of one msgid or msgstr of a catalogue
MAX_DATA_CHARS = 10_000_000           # characters of one data file once read (YAML aliases expanded,
                                      # a spreadsheet's shared strings counted at each use)
MAX_ART_FILE_BYTES = 500_000_000      # one image or PDF given to `pnp impose`
MAX_IMPOSE_CARDS = 5_000              # card sides in one folder given to `pnp impose` (images and PDF pages)
IMPOSE_SECONDS_PER_FILE = 30          # wall clock for reading (and checking) one file of `pnp impose`
MAX_PNG_CHUNKS = 100_000              # chunks of one PNG file (a real one has a few hundred)
MAX_TEMPLATE_DIGITS = 4_300           # digits of a whole number a template may compute
MAX_HTML_ELEMENTS = 20_000            # elements in one document handed to WeasyPrint
MAX_DOCUMENT_TEXT = 500_000           # characters of text in one document handed to WeasyPrint
MAX_SVG_ELEMENTS = 10_000             # elements one SVG draws, each copy a <use> makes counted
MAX_CSS_STRING = 1_000                # characters of one string or name in a stylesheet
MAX_COUNTER_TEXT = 1_000              # characters one @counter-style may print for one number
MAX_CSS_NESTING = 32                  # functions and brackets inside one another in a stylesheet (calc(calc(...)))
MAX_MEMORY_BYTES = 1_000_000_000      # address space of each process doing the work (RLIMIT_AS)
LOAD_SECONDS = 60                     # wall clock for reading and checking one data file
STAGE_GRACE_SECONDS = 2               # the supervisor waits this long past a clock before it kills
PRESS_SECONDS = 240                   # wall clock for Ghostscript to convert or rasterise one file for a press
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
