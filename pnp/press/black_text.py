"""Black and grey text printed with black ink only, as printers ask.

Converted through a press profile, RGB black becomes a rich black of four inks (C 75 M 68 Y 67
K 90, near 300 %): small type printed so blurs as soon as the plates are out of register. Text
filled in a neutral colour (red, green and blue equal) is therefore given in DeviceGray before the
conversion, which Ghostscript prints on the black plate alone (-dDeviceGrayToK). A neutral fill
outside text (a large black area) is left in RGB, and so converted to the profile's rich black.
"""

import pikepdf

from pnp.press.streams import numbers, rewrite_streams

NEUTRAL_TOLERANCE = 0.01            # red, green and blue this close count as a grey


def neutral_grey(operands) -> float | None:
    """The grey level of an RGB fill whose channels are equal (within the tolerance), else None."""
    values = numbers(operands)
    if len(values) != 3 or max(values) - min(values) > NEUTRAL_TOLERANCE:
        return None
    return sum(values) / 3


def _gray(level: float) -> pikepdf.ContentStreamInstruction:
    return pikepdf.ContentStreamInstruction([round(level, 4)], pikepdf.Operator("g"))


def text_on_black_ink(instructions: list) -> list:
    """The instructions with each text object's neutral RGB fill given as DeviceGray, and the
    fill as it was set again after the text object."""
    out = []
    fill = None                 # the rg instruction that set the current fill colour, if one did
    saved = []                  # (fill, substituted) saved by q
    in_text = substituted = changed = False
    for instruction in instructions:
        operator = str(getattr(instruction, "operator", ""))
        if operator == "q":
            saved.append((fill, substituted))
        elif operator == "Q":
            fill, substituted = saved.pop() if saved else (None, False)
        elif operator in ("rg", "g", "k", "sc", "scn", "cs"):
            fill = instruction if operator == "rg" else None
            grey = neutral_grey(instruction.operands) if operator == "rg" else None
            substituted = in_text and grey is not None
            if substituted:
                out.append(_gray(grey))
                changed = True
                continue
        elif operator == "BT":
            in_text = True
            out.append(instruction)
            grey = neutral_grey(fill.operands) if fill is not None else None
            if grey is not None:
                out.append(_gray(grey))
                substituted = changed = True
            continue
        elif operator == "ET":
            in_text = False
            out.append(instruction)
            if substituted:
                out.append(fill)
                substituted = False
            continue
        out.append(instruction)
    return out if changed else instructions


def black_text_on_k(pdf: pikepdf.Pdf) -> None:
    rewrite_streams(pdf, text_on_black_ink)
