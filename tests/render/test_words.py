"""What each sheet's label says (pnp/render/words.py): which sheet, which side, how to print it."""

from pnp.render.words import page_labels


def test_a_sheet_with_no_backs_says_to_print_one_side_and_a_duplex_one_says_how_to_flip():
    assert page_labels("Dice", 1, "none") == ["Dice · sheet 1 of 1 · one-sided: print this side only"]
    assert page_labels("Dés", 1, "none", "fr") == ["Dés · feuille 1 sur 1 · recto seul : n’imprimez que ce côté"]
    assert page_labels("Cards", 1, "long") == ["Cards · sheet 1 of 1 · front",
                                               "Cards · sheet 1 of 1 · back (flip on the long edge)"]
