"""docs/tutorial.md followed as written: the messages it quotes are the ones pnp prints."""

import re

from tests.conftest import ROOT, run_pnp

TUTORIAL = (ROOT / "docs" / "tutorial.md").read_text()


def test_step_4_s_message_is_the_one_pnp_prints(project_copy):
    assert run_pnp("new", "lanterns", "--title", "Lanterns", "--project", str(project_copy)).exit_code == 0
    card = re.search(r"add one at the end, after a blank line:\n\n```yaml\n(.*?)```", TUTORIAL, re.S).group(1)
    quoted = re.search(r"`pnp check lanterns` now says:\n\n```\n(.*?)\n```", TUTORIAL, re.S).group(1)
    cards = project_copy / "card_data" / "lanterns" / "cards.yaml"
    cards.write_text(cards.read_text().rstrip("\n") + "\n\n" + card)
    result = run_pnp("check", "lanterns", "--project", str(project_copy))
    assert result.exit_code == 2 and quoted in result.output, result.output
