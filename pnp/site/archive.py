"""Zip files whose bytes depend only on what they hold."""

import io
import zipfile

FIXED_TIME = (1980, 1, 1, 0, 0, 0)        # the zip format's earliest date: no clock in the bytes


def deterministic_zip(files: list[tuple[str, bytes]]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, data in sorted(files):
            info = zipfile.ZipInfo(name, date_time=FIXED_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            info.create_system = 3
            archive.writestr(info, data)
    return out.getvalue()
