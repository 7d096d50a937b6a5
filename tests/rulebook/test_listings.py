"""What the rulebook's listings print: the FAQ's numbering (pnp/rulebook/listings.py)."""

from pnp.rulebook.listings import printed_rulings


def test_the_faq_numbers_rulings_q1_q2_and_prints_their_mentions_so():
    printed = printed_rulings([
        {"id": "R2", "topic": "Stakes", "question": "Can I?", "ruling": "As R12 says; R2x is no id.", "why": "w"},
        {"id": "R12", "topic": "Drinks", "question": "What of R2?", "ruling": "No."}])
    assert [(r["id"], r["label"]) for r in printed] == [("R2", "Q1"), ("R12", "Q2")]
    assert printed[0]["ruling"] == "As Q2 says; R2x is no id." and printed[1]["question"] == "What of Q1?"
    assert printed_rulings([]) == []


def test_a_french_question_takes_the_chapters_spaces_before_its_punctuation():
    printed = printed_rulings([{"id": "V1", "topic": "Pioche", "question": "Et si elle est vide\u00a0? Ou pas !"}], "fr")
    assert printed[0]["question"] == "Et si elle est vide\u202f? Ou pas\u202f!"
