"""What the typesetter logs becomes one message with its reason (issue 26: "Failed to load image"
with an empty reason)."""

import logging

import pytest

from pnp.errors import RenderError
from pnp.render.weasy import reason, warnings_as_errors


def test_an_empty_error_is_told_by_its_cause():
    from weasyprint.images import ImageLoadingError

    try:
        try:
            raise ValueError("cannot identify image file <_io.BytesIO object at 0x7f00deadbeef>")
        except ValueError as cause:
            raise ImageLoadingError from cause
    except ImageLoadingError as error:
        assert reason(error) == "ValueError: cannot identify image file"
    assert reason(MemoryError()) == "no reason given"


def test_a_picture_over_the_pixel_limit_is_told_in_pnps_terms():
    from PIL import Image

    error = Image.DecompressionBombError("Image size (200000000 pixels) exceeds limit of 100000000 pixels, "
                                         "could be decompression bomb DOS attack.")
    assert reason(error) == "200,000,000 pixels, more than 50,000,000 (MAX_IMAGE_PIXELS)"


def test_each_logged_error_carries_its_reason():
    from weasyprint.images import ImageLoadingError

    logger = logging.getLogger("weasyprint")
    with pytest.raises(RenderError) as refusal, warnings_as_errors("Verse cards"):
        try:
            raise ImageLoadingError from OSError("truncated file")
        except ImageLoadingError as error:
            logger.error("Failed to load image at %r: %s", "file:///x.png", error)
        logger.error("Failed to render SVG image %s", "file:///y.svg")
        try:
            raise RecursionError("maximum recursion depth exceeded")
        except RecursionError as error:
            logger.debug("Error while rendering SVG image:", exc_info=error)
    message = str(refusal.value)
    assert "Failed to load image at 'file:///x.png': OSError: truncated file" in message
    assert "Failed to render SVG image file:///y.svg: RecursionError: maximum recursion depth exceeded" in message
    assert logger.level == logging.NOTSET and logger.propagate
