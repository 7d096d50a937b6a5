"""Reading the project's own files: inside the project after links are followed, within
MAX_FILE_BYTES, UTF-8 text without control characters. Every refusal names the file and line."""

import re
from pathlib import Path

from pnp.errors import DataError, Problem
from pnp.limits import MAX_FILE_BYTES

CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


def confined(root: Path, path: Path, shown) -> Path:
    """The file's real path, which must lie inside the project folder."""
    resolved = Path(path).resolve()
    if not resolved.is_relative_to(Path(root).resolve()):
        raise DataError([Problem(shown, None, "(file)", "a file inside the project folder",
                                 f"a link to {resolved}, outside it",
                                 "Replace the link with the file itself")])
    return resolved


def project_font(root: Path, path: Path, shown) -> Path:
    """A font file the PDF drawing reads directly: inside the project, and not too large."""
    resolved = confined(root, path, shown)
    if not resolved.is_file() or resolved.stat().st_size > MAX_FILE_BYTES:
        raise DataError([Problem(shown, None, "(font)", f"a font file of at most {MAX_FILE_BYTES:,} bytes",
                                 "nothing there" if not resolved.is_file() else "a larger file",
                                 "Restore the bundled font")])
    return resolved


def read_text(path: Path, shown, root: Path | None = None) -> str:
    """The file as text, refused when outside `root`, too large, not UTF-8 or holding
    control characters."""
    path = confined(root, path, shown) if root is not None else Path(path)
    if not path.is_file():
        raise DataError([Problem(shown, None, "(file)", "a file", "nothing there", f"Create {shown}")])
    size = path.stat().st_size
    if size > MAX_FILE_BYTES:
        raise DataError([Problem(shown, 1, "(file)", f"at most {MAX_FILE_BYTES:,} bytes (MAX_FILE_BYTES)",
                                 f"{size:,} bytes", "Split the file or shorten it")])
    data = path.read_bytes()
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[:error.start].count(b"\n") + 1
        raise DataError([Problem(shown, line, "(encoding)", "UTF-8 text",
                                 f"the byte 0x{data[error.start]:02x}",
                                 "Save the file as UTF-8 (in a spreadsheet: CSV UTF-8)")]) from None
    text = text.removeprefix("\ufeff")
    bad = CONTROL.search(text)
    if bad:
        line = text.count("\n", 0, bad.start()) + 1
        raise DataError([Problem(shown, line, "(text)", "printable text",
                                 f"the control character U+{ord(bad.group()):04X}", "Remove it")])
    return text
