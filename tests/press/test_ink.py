"""Total ink brought under a limit by under-colour removal, checked against every colour of a grid."""

import itertools

import numpy as np

from pnp.press.ink import ink_peaks, limited, limited_pixels

STEPS = [i / 10 for i in range(11)]


def test_every_colour_of_a_grid_ends_within_the_limit_and_darkness_moves_to_black():
    for limit in (2.4, 3.0):
        for c, m, y, k in itertools.product(STEPS, repeat=4):
            out = limited(c, m, y, k, limit)
            assert sum(out) <= limit + 1e-9
            assert all(-1e-12 <= ink <= 1 + 1e-12 for ink in out)
            if c + m + y + k <= limit:
                assert out == (c, m, y, k)                       # a colour within the limit is left alone
            else:
                assert out[3] >= k                               # black never lighter
                assert all(after <= before + 1e-12 for after, before in zip(out[:3], (c, m, y)))


def test_a_rich_black_at_240_keeps_full_black_and_its_colour_in_proportion():
    c, m, y, k = limited(0.75, 0.68, 0.67, 0.90, 2.4)
    assert k == 1.0 and round(c + m + y + k, 9) == 2.4
    assert round(c / m, 6) == round((0.75 - 0.1) / (0.68 - 0.1), 6)


def test_the_array_form_gives_the_same_colours():
    grid = np.array(list(itertools.product(STEPS[::2], repeat=4)))
    expected = np.array([limited(*colour, 2.6) for colour in grid])
    assert np.allclose(limited_pixels(grid, 2.6), expected)


def test_the_peak_is_found_where_the_ink_is():
    from PIL import Image

    raster = Image.new("CMYK", (150, 300), (20, 20, 20, 20))
    raster.paste((255, 255, 255, 255), (100, 200, 110, 210))        # 400 % at 100-110, 200-210 px
    peak, = ink_peaks([raster], 150)
    assert round(peak.percent) == 400
    assert 100 * 25.4 / 150 <= peak.x_mm <= 110 * 25.4 / 150 and 200 * 25.4 / 150 <= peak.y_mm <= 210 * 25.4 / 150

