"""WeasyPrint loaded with its libraries found in the linker's cache (pnp.render.libraries), not
by running a compiler: every module of pnp that imports WeasyPrint imports this first, so that
whichever loads first, it loads so."""

from pnp.render.libraries import quick_library_lookup

with quick_library_lookup():
    import weasyprint  # noqa: F401
