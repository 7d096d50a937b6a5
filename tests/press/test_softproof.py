"""The soft proof's arithmetic: CIEDE2000 against published and library values, a known
out-of-gamut colour's shift, and its outline."""

import numpy as np
from coloraide import Color
from PIL import Image

from pnp.press.profiles import press_profile
from pnp.press.softproof import SoftProof, delta_e_2000, delta_e_map, gamut_outline, lab, largest_shifts

# Sharma, Wu and Dalal (2005), the CIEDE2000 test data: pairs 1, 7 and 17.
SHARMA = [((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
          ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
          ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492)]


def test_delta_e_2000_matches_the_published_pairs_and_coloraide():
    for first, second, expected in SHARMA:
        assert round(float(delta_e_2000(np.array(first), np.array(second))), 4) == expected
    rng = np.random.default_rng(7)
    pairs = rng.integers(0, 256, size=(200, 2, 3))
    mine = delta_e_2000(lab(pairs[:, 0]), lab(pairs[:, 1]))
    theirs = [Color("srgb", list(a / 255)).delta_e(Color("srgb", list(b / 255)), method="2000") for a, b in pairs]
    assert np.allclose(mine, theirs, atol=0.02)


def test_a_vivid_green_shifts_plainly_on_coated_paper_and_a_grey_does_not():
    proof = SoftProof(press_profile("fogra39"), 300)
    green = (0.0, 1.0, 0.0)
    printed = proof.printed_colour(green)
    shift = Color("srgb", list(green)).delta_e(Color("srgb", list(printed)), method="2000")
    assert shift > 10                                     # sRGB's green is far outside offset's gamut
    image = Image.new("RGB", (40, 20), (0, 255, 0))
    image.paste((128, 128, 128), (20, 0, 40, 20))
    after = proof.printed_image(image)
    delta = delta_e_map(image, after)
    assert abs(float(delta[10, 5]) - shift) < 0.6 and float(delta[10, 30]) < 2.0
    top, = largest_shifts(image, after, delta)[:1]
    assert top.screen == (0, 255, 0) and abs(top.delta_e - shift) < 0.6 and top.share == 0.5
    outlined, share = gamut_outline(after, delta)
    assert share == 0.5
    assert outlined.getpixel((19, 10)) == (255, 0, 255) and outlined.getpixel((35, 10)) == after.getpixel((35, 10))
