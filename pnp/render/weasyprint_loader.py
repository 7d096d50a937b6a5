"""WeasyPrint loaded with its libraries found in the linker's cache (pnp.render.libraries), not
by running a compiler, and its HTML parser's regex cache working (pnp.render.html_parser):
every module of pnp that imports WeasyPrint imports this first, so that whichever loads first,
it loads so."""

from pnp.render.html_parser import use_regex_cache
from pnp.render.libraries import quick_library_lookup

with quick_library_lookup():
    import weasyprint  # noqa: F401
use_regex_cache()
