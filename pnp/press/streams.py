"""Rewriting the content streams of a PDF: each page's, and each form's it draws, once."""

from collections.abc import Callable

import pikepdf

Rewrite = Callable[[list, pikepdf.Dictionary], list]   # a stream's instructions and resources -> those to write


def rewrite_streams(pdf: pikepdf.Pdf, rewrite: Rewrite) -> None:
    """Every page's content and every form XObject reached from a page (forms in forms, pattern
    cells, Type 3 glyphs left alone) rewritten by `rewrite`, each stream once."""
    seen: set = set()
    for page in pdf.pages:
        instructions = pikepdf.parse_content_stream(page)
        changed = rewrite(instructions, _resources(page.obj.get("/Resources")))
        if changed is not instructions:
            page.obj.Contents = pdf.make_stream(pikepdf.unparse_content_stream(changed))
        _rewrite_forms(pdf, page.obj.get("/Resources"), rewrite, seen)


def _rewrite_forms(pdf: pikepdf.Pdf, resources, rewrite: Rewrite, seen: set) -> None:
    if not isinstance(resources, pikepdf.Dictionary):
        return
    for xobject in (resources.get("/XObject") or {}).values():
        if xobject.get("/Subtype") != "/Form" or xobject.objgen in seen:
            continue
        seen.add(xobject.objgen)
        instructions = pikepdf.parse_content_stream(xobject)
        changed = rewrite(instructions, _resources(xobject.get("/Resources")))
        if changed is not instructions:
            xobject.write(pikepdf.unparse_content_stream(changed))
        _rewrite_forms(pdf, xobject.get("/Resources"), rewrite, seen)


def numbers(operands) -> list[float]:
    return [float(value) for value in operands]


def _resources(resources) -> pikepdf.Dictionary:
    return resources if isinstance(resources, pikepdf.Dictionary) else pikepdf.Dictionary()
