"""Card art from elsewhere: each card file opened once, what it is read from its header alone
(PNG and JPEG: images.py; PDF pages: pdf_art.py).

The folder is the user's, not a project, but its files may come from anyone: each is opened
once, through a descriptor that follows no link and must be a plain file (a FIFO or a device
is refused, never read), and everything pnp learns of it is read from that descriptor. No
pixel is decoded before the header has shown the image within MAX_IMAGE_PIXELS, and no page
of a PDF is read before its page tree has shown it within MAX_IMPOSE_CARDS.
"""

import errno
import os
import stat
import warnings
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from pnp.atomic import DISK_FULL
from pnp.errors import DataError, PnpError, Problem, reason
from pnp.limits import MAX_ART_FILE_BYTES, MAX_IMAGE_PIXELS, MAX_IMPOSE_CARDS


ASPECT_TOLERANCE = 0.01      # art this close to the card's proportions is fitted to it exactly
IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg")
ART_SUFFIXES = IMAGE_SUFFIXES + (".pdf",)
READ_FLAGS = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC | os.O_NOCTTY
FOLDER_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC
NO_LINKS = "pnp impose reads no links in the folders it is given"


@dataclass(frozen=True)
class Art:
    """One card side: a file, or one page of a PDF."""

    path: Path
    kind: str                   # "png", "jpeg", "decoded" (a PNG that had to be decoded), "pdf"
    width_px: float = 0         # pixels, for images; points for a PDF page (as seen, rotation applied)
    height_px: float = 0
    page: int = 0               # the page, for a PDF
    details: dict = field(default_factory=dict, compare=False)

    @property
    def name(self) -> str:
        return self.path.stem if self.kind != "pdf" else f"{self.path.stem}#{self.page + 1}"


def shown_name(path) -> str:
    """A path as a message shows it: a character that is not printable (a line break, a byte
    that is not UTF-8) is escaped, so the message stays one line."""
    return "".join(c if c.isprintable() else f"\\x{ord(c) & 0xff:02x}" for c in str(path))


def problem(shown: str, field_name: str, expected: str, found: str = "", fix: str = "") -> DataError:
    return DataError([Problem(shown, None, field_name, expected, found, fix)])


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISLNK(mode):
        return "a link"
    return "not a plain file"


class ArtFolder:
    """A folder of card files the user named, opened once: its files are listed and opened
    relative to that descriptor, so the folder cannot be swapped for another midway. Links
    in it are refused (a card that is a link could be any file of the machine); hidden files,
    folders and files that are not images or PDFs are left out, so a folder can hold a readme."""

    def __init__(self, path: Path, shown: str):
        self.path = Path(path)
        self.shown = shown
        try:
            self.fd = os.open(self.path, FOLDER_FLAGS)
        except FileNotFoundError:
            raise problem(shown, "(folder)", "a folder of card images (PNG, JPEG) or PDF pages",
                          "no such folder") from None
        except NotADirectoryError:
            raise problem(shown, "(folder)", "a folder of card images (PNG, JPEG) or PDF pages", "a file") from None
        except OSError as error:
            raise problem(shown, "(folder)", "a folder pnp can read", error.strerror or reason(error)) from None

    def __enter__(self) -> "ArtFolder":
        return self

    def __exit__(self, *exc) -> None:
        os.close(self.fd)

    def card_names(self) -> list[str]:
        """The card files' names in natural order (card2 before card10), at most MAX_IMPOSE_CARDS."""
        names, problems = [], []
        with os.scandir(self.fd) as entries:
            for entry in entries:
                if entry.name.startswith(".") or not entry.name.lower().endswith(ART_SUFFIXES):
                    continue
                if entry.is_symlink():
                    problems.append(Problem(self._shown(entry.name), None, "(file)", "a card image file",
                                            f"a link; {NO_LINKS}", "Copy the file itself into the folder"))
                elif not entry.is_dir(follow_symlinks=False):
                    names.append(entry.name)
                if len(names) > MAX_IMPOSE_CARDS:
                    raise problem(self.shown, "(folder)", f"at most {MAX_IMPOSE_CARDS:,} card files "
                                  "(MAX_IMPOSE_CARDS)", "more", "Impose the cards in several folders")
        if problems:
            raise DataError(problems)
        if not names:
            raise problem(self.shown, "(folder)", "card images: files ending in " + ", ".join(ART_SUFFIXES),
                          "none", "Put the card images in the folder")
        return sorted(names, key=natural_order)

    def open(self, name: str):
        return open_art(Path(name), self._shown(name), self.fd, self.path / name)

    def _shown(self, name: str) -> str:
        return shown_name(self.path / name)


def natural_order(name: str) -> tuple:
    import re

    return tuple((0, int(part), "") if part.isdigit() else (1, 0, part.lower())
                 for part in re.split(r"(\d+)", name) if part)


@contextmanager
def open_art(name: Path, shown: str, folder_fd: int | None = None, path: Path | None = None):
    """(file, its path, its size) of a card file opened once with no link followed: a plain
    file of at most MAX_ART_FILE_BYTES, or a one-line refusal before a byte is read."""
    try:
        fd = os.open(name, READ_FLAGS, dir_fd=folder_fd)
    except FileNotFoundError:
        raise problem(shown, "(file)", "a card image or PDF", "no such file") from None
    except OSError as error:
        raise _open_problem(name, folder_fd, shown, error) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise problem(shown, "(file)", "a card image file", _kind(info.st_mode), "Give a PNG, JPEG or PDF file")
        if info.st_size > MAX_ART_FILE_BYTES:
            raise problem(shown, "(file)", f"at most {MAX_ART_FILE_BYTES:,} bytes (MAX_ART_FILE_BYTES)",
                          f"{info.st_size:,} bytes", "Export the art smaller, or split the PDF")
        handle = os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise
    with handle:
        yield handle, path or name, info.st_size


def _open_problem(name: Path, folder_fd: int | None, shown: str, error: OSError) -> DataError:
    try:
        mode = os.stat(name, dir_fd=folder_fd, follow_symlinks=False).st_mode
    except OSError:
        mode = 0
    if stat.S_ISLNK(mode):
        return problem(shown, "(file)", "a card image file", f"a link; {NO_LINKS}", "Copy the file itself there")
    if mode and not stat.S_ISREG(mode):
        return problem(shown, "(file)", "a card image file", _kind(mode), "Give a PNG, JPEG or PDF file")
    return problem(shown, "(file)", "a file pnp can read", error.strerror or reason(error))


@contextmanager
def reading(shown: str, suffix: str):
    """Whatever goes wrong reading one file becomes one line naming it. A full disk is the
    writing's problem and a MemoryError the supervisor's (it names the file and the limit)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", _bomb_warning())
            yield
    except (PnpError, MemoryError):
        raise
    except OSError as error:
        if error.errno in WRITE_ERRORS:
            raise
        raise _unreadable(shown, suffix, error) from None
    except Exception as error:
        if type(error).__name__ in ("DecompressionBombError", "DecompressionBombWarning"):
            raise too_many_pixels(shown, None) from None
        raise _unreadable(shown, suffix, error) from None


WRITE_ERRORS = DISK_FULL | {errno.EROFS}      # the disk written to, not the art read


def _bomb_warning():
    from PIL import Image

    Image.MAX_IMAGE_PIXELS = MAX_IMAGE_PIXELS          # Pillow refuses past the limit too (never only warns)
    return Image.DecompressionBombWarning


def _unreadable(shown: str, suffix: str, error: BaseException) -> DataError:
    return problem(shown, "(image)", f"a readable {suffix.lstrip('.').upper() or 'image'} file",
                   f"one that cannot be read ({type(error).__name__}: {reason(error)})", "Export it again")


def too_many_pixels(shown: str, size: tuple[int, int] | None) -> DataError:
    found = f"{size[0]:,} x {size[1]:,} pixels" if size else "more"
    return problem(shown, "(image)", f"at most {MAX_IMAGE_PIXELS:,} pixels (MAX_IMAGE_PIXELS)", found,
                   "Export the art at a lower resolution (300 dpi is plenty)")
