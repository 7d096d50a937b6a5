"""`pnp rules` on what a designer hands it (issue 28, item 9)."""

from tests.conftest import ROOT, run_pnp

CHAPTER = "card_data/verset/rulebook/en/02-cards-and-hands.md"


def test_a_chapter_s_examples_are_computed_at_their_lines(tmp_path):
    result = run_pnp("rules", "verset", str(ROOT / CHAPTER), "--project", str(ROOT))
    assert result.exit_code == 0, result.output
    assert "ok the-ace-chooses-eleven (hand)" in result.output and "total: 17" in result.output
    wrong = tmp_path / "chapter.md"
    wrong.write_text((ROOT / CHAPTER).read_text().replace("expect: {total: 17,", "expect: {total: 16,", 1))
    result = run_pnp("rules", "verset", str(wrong), "--project", str(ROOT))
    line = next(n for n, text in enumerate(wrong.read_text().splitlines(), 1) if "total: 16" in text)
    assert result.exit_code == 1 and f"chapter.md:{line}: example the-ace-chooses-eleven" in result.output


def test_a_chapter_without_examples_is_said_so(tmp_path):
    result = run_pnp("rules", "verset", str(ROOT / "card_data/verset/rulebook/en/10-credits.md"), "--project", str(ROOT))
    assert result.exit_code == 2 and "holds no ```example block" in result.output


def test_an_example_in_a_game_without_an_engine_says_the_game_has_none(tiny):
    chapter = tiny.card_data / "tiny" / "rulebook" / "01-how-to-play.md"
    chapter.write_text(chapter.read_text() + "\n```example\nid: first-hand\ntitle: A first hand\nkind: hand\n"
                       "setup: {cards: [A, K]}\nexpect: {total: 21}\n```\n")
    result = run_pnp("check", "tiny", "--project", str(tiny.root))
    assert result.exit_code == 2
    assert "kind: expected a worked example only in a game with a rules engine" in result.output
    assert "expected one of," not in result.output


def test_another_game_s_chapter_names_the_game_it_belongs_to():
    result = run_pnp("rules", "wizard", str(ROOT / CHAPTER), "--project", str(ROOT))
    assert result.exit_code == 2
    assert f"is a file of verset, not of wizard: run `pnp rules verset {ROOT / CHAPTER}`" in result.output
