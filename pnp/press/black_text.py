"""Black and grey text printed with black ink only, as printers ask.

Converted through a press profile, RGB black becomes a rich black of four inks (C 75 M 68 Y 67
K 90, near 300 %): small type printed so blurs as soon as the plates are out of register. So,
before the conversion, text is given in DeviceGray, which Ghostscript prints on the black plate
alone (-dDeviceGrayToK), when its colour is

- near black: CIE L* at most 25 and chroma at most 30, the dark inks games set type in (#1d1024,
  #17151d, #2a1630, #3a2f22), printed as 100 % black;
- a neutral grey (red, green and blue equal), printed as a tint of black.

Any other fill, a large black area among them, is converted by the profile (a rich black).
"""

import pikepdf

from pnp.press.streams import numbers, rewrite_streams
from pnp.render.colours import lightness_and_chroma

NEUTRAL_TOLERANCE = 0.01            # red, green and blue this close count as a grey
BLACK_TEXT_MAX_LIGHTNESS = 25.0     # CIE L*
BLACK_TEXT_MAX_CHROMA = 30.0        # CIE C*ab


def neutral_grey(operands) -> float | None:
    """The grey (0 black, 1 white) an RGB text fill prints as on the black plate, else None."""
    values = numbers(operands)
    if len(values) != 3:
        return None
    if max(values) - min(values) <= NEUTRAL_TOLERANCE:
        return sum(values) / 3
    return 0.0 if _near_black(*values) else None


def _near_black(red: float, green: float, blue: float) -> bool:
    lightness, chroma = lightness_and_chroma(red, green, blue)
    return lightness <= BLACK_TEXT_MAX_LIGHTNESS and chroma <= BLACK_TEXT_MAX_CHROMA


def _gray(level: float) -> pikepdf.ContentStreamInstruction:
    return pikepdf.ContentStreamInstruction([round(level, 4)], pikepdf.Operator("g"))


def text_on_black_ink(instructions: list, resources=None) -> list:
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
