"""What a page draws fully transparent, taken out before a press conversion.

WeasyPrint draws a transparent border (the usual CSS triangle: `border-left: 2mm solid
transparent`) as a path filled under a graphics state of opacity 0 (`/ca 0`). It prints
nothing, but a PDF/X-1a file may hold no opacity at all, and a RIP flattens any it finds. So the
painting done at opacity 0 is dropped (the path ended unpainted: `n`), and each graphics state
whose opacity 0 was only ever used so is given opacity 1. A graphics state also used where what it
governs cannot be told here (a form drawn under it, whose own content might set another opacity)
is left as it is, and the press preflight refuses it.
"""

import pikepdf

from pnp.press.streams import rewrite_streams

FILL_PAINT = {"f", "F", "f*"}
STROKE_PAINT = {"S", "s"}
BOTH_PAINT = {"B", "B*", "b", "b*"}
TEXT_SHOW = {"Tj", "TJ", "'", '"'}


def _alpha(state, key: str) -> float:
    try:
        return float(state.get(key, 1))
    except (TypeError, ValueError):
        return 1.0


def drop_invisible(pdf: pikepdf.Pdf) -> None:
    cleared: dict = {}          # a graphics state with an opacity 0 -> whether every use was cleared
    handles: dict = {}

    def rewrite(instructions: list, resources: pikepdf.Dictionary) -> list:
        states = resources.get("/ExtGState") or pikepdf.Dictionary()
        out, changed = [], False
        fill = stroke = 1.0
        current = None              # the key of the graphics state last set with an opacity 0
        saved = []
        for instruction in instructions:
            operator = str(getattr(instruction, "operator", ""))
            if operator == "q":
                saved.append((fill, stroke, current))
            elif operator == "Q":
                fill, stroke, current = saved.pop() if saved else (1.0, 1.0, None)
            elif operator == "gs":
                name = str(instruction.operands[0])
                state = states.get(name)
                if isinstance(state, pikepdf.Dictionary):
                    fill = _alpha(state, "/ca") if "/ca" in state else fill
                    stroke = _alpha(state, "/CA") if "/CA" in state else stroke
                    current = None
                    if _alpha(state, "/ca") == 0 or _alpha(state, "/CA") == 0:
                        current = state.objgen if state.is_indirect else (id(resources), name)
                        handles[current] = state
                        cleared.setdefault(current, True)
            elif current is not None and (fill == 0 or stroke == 0):
                paints_fill = operator in FILL_PAINT | BOTH_PAINT
                paints_stroke = operator in STROKE_PAINT | BOTH_PAINT
                if (paints_fill or paints_stroke) and (not paints_fill or fill == 0) and \
                        (not paints_stroke or stroke == 0):
                    out.append(pikepdf.ContentStreamInstruction([], pikepdf.Operator("n")))
                    changed = True
                    continue
                if paints_fill or paints_stroke or operator in TEXT_SHOW | {"Do", "sh"} or \
                        isinstance(instruction, pikepdf.ContentStreamInlineImage):
                    cleared[current] = False             # something drawn under it: left to the preflight
            out.append(instruction)
        return out if changed else instructions

    rewrite_streams(pdf, rewrite)
    for key, every_use_cleared in cleared.items():
        if every_use_cleared:
            for alpha in ("/ca", "/CA"):
                if alpha in handles[key] and _alpha(handles[key], alpha) == 0:
                    handles[key][alpha] = 1
