"""Export files for a press: each deck's or board's pages converted to CMYK PDF/X (pnp.press),
then read back and preflighted, each fault named by its deck, card and side.

`--for dtc` writes one file per deck of cards, back then front of each card at the service's size;
`--for press` writes every deck (cards, tokens, one-sided pieces) at its own size with its own
bleed, front then back of each piece, and every board at full size.
"""

import io
import os
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import pikepdf

from pnp.errors import UsageError
from pnp.export.names import card_title
from pnp.export.services import PressDefaults
from pnp.press.convert import PressSettings, press_pdf
from pnp.press.ghostscript import INTENT_WORDS
from pnp.press.pdfx import VERSIONS, document_date
from pnp.press.profiles import DEFAULT_INK_LIMIT, SHIPPED, press_profile
from pnp.render.pdfio import save_deterministic

PDFX_CHOICES = tuple(VERSIONS)
MIN_INK_LIMIT, MAX_INK_LIMIT = 160, 400


@dataclass(frozen=True)
class PressFile:
    """A file for the press before conversion: its name, title, RGB pages, and what each page holds."""

    name: str
    title: str
    pdf: bytes
    pieces: tuple[str, ...]        # page by page: "Red deck, The Lantern (front)"


def press_settings(defaults: PressDefaults, profile: str | None, pdfx: str | None,
                   ink_limit: int | None) -> PressSettings:
    """What --profile, --pdfx and --ink-limit ask, each defaulting to the service's."""
    chosen = press_profile(profile if profile is not None else defaults.profile)
    version = (pdfx if pdfx is not None else defaults.pdfx).lower()
    if version not in VERSIONS:
        raise UsageError(f"--pdfx {pdfx}: expected {' or '.join(PDFX_CHOICES)}")
    limit = ink_limit if ink_limit is not None else (defaults.ink_limit or chosen.ink_limit or DEFAULT_INK_LIMIT)
    document_date()                             # a SOURCE_DATE_EPOCH out of range is told before any work
    if not MIN_INK_LIMIT <= limit <= MAX_INK_LIMIT:
        raise UsageError(f"--ink-limit {limit}: expected a total ink in per cent from {MIN_INK_LIMIT} to "
                         f"{MAX_INK_LIMIT} (your print shop names it: 300 is usual for coated offset, 240 for "
                         f"print on demand)")
    return PressSettings(chosen, version, limit)


def pages_in_order(pdf: bytes, order: list[int]) -> bytes:
    source = pikepdf.open(io.BytesIO(pdf))
    out = pikepdf.new()
    for index in order:
        out.pages.append(source.pages[index])
    return save_deterministic(out)


def convert_files(files: list[PressFile], settings: PressSettings) -> tuple[list[tuple[str, bytes]], list]:
    """Each file converted and preflighted (Ghostscript runs in its own processes, several at
    once): the (name, bytes) written and every fault found."""
    from pnp.press.preflight import press_faults

    def one(press_file: PressFile):
        data = press_pdf(press_file.pdf, settings, press_file.title, press_file.name)
        pieces: Callable[[int], str] = lambda page: press_file.pieces[page - 1] if page <= len(press_file.pieces) else ""
        return (press_file.name, data), press_faults(data, press_file.name, settings.pdfx, settings.ink_limit, pieces)

    with ThreadPoolExecutor(max_workers=max(1, min(len(files), os.cpu_count() or 1))) as threads:
        done = list(threads.map(one, files))
    return [written for written, _ in done], [fault for _, faults in done for fault in faults]


def piece_words(deck_title: str, card, side: str) -> str:
    return f"{deck_title}, {card_title(card)} ({side})"


def readme_lines(settings: PressSettings) -> list[str]:
    profile = settings.profile
    named = f"--profile {profile.key}" if profile.key in SHIPPED else f"your profile {profile.key}"
    return [f"Every PDF is {VERSIONS[settings.pdfx]}: colours in CMYK for {profile.description} ({named}), "
            f"converted {INTENT_WORDS}; black and grey text on the black plate only; total ink at most "
            f"{settings.ink_limit} %; fonts embedded; TrimBox and BleedBox on every page.", ""]
