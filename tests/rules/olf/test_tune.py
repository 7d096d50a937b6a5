"""Each Nemesis as hard as its skulls say: every Nemesis inside the band its skulls declare
(card_data/olf/difficulty.yaml), measured as declared; the search reproducible from its seed;
`pnp simulate olf --tune` writing only the targets it chose, and refusing a bad band file."""

import pytest

from pnp.data.decks import load_game
from pnp.data.yaml_source import load_yaml
from pnp.games import get_game
from pnp.games.olf import game_data
from pnp.games.olf.bands import BANDS_FILE, read_bands
from pnp.project import Project
from pnp.rules.olf.tune import Band, Bands, measure, order_faults, phase_means, tune_nemesis
from tests.conftest import ROOT, run_pnp

NEMESES = ("demon-lord", "drowned-queen", "hollow-king", "plague-saint", "clockwork-tyrant", "ash-wyrm")


@pytest.fixture(scope="module")
def data():
    project = Project.at(ROOT)
    return game_data(load_game(project, get_game(project, "olf")))


@pytest.fixture(scope="module")
def bands():
    return read_bands(load_yaml(ROOT / "card_data" / "olf" / BANDS_FILE))


def test_every_nemesis_is_inside_its_band_and_the_skulls_order_every_party_size(data, bands):
    """The declared measure (its party sizes, games and seed), every move checked by the engine;
    the bands hold the average over party sizes, and at each size more skulls win less often."""
    measured = [measure(data, nemesis, bands) for nemesis in data["nemeses"]]
    assert [m["id"] for m in measured] == list(NEMESES)
    for found in measured:
        assert found["challenge_in_band"], (found["id"], found["shares"], bands.challenge[found["skulls"]])
        assert found["won_in_band"], (found["id"], found["won"], bands.won[found["skulls"]])
    assert order_faults(measured) == []


def test_the_declared_bands_order_the_skulls():
    """Disjoint bands, harder for more skulls: the printed table and the win rates follow the skulls."""
    found = read_bands(load_yaml(ROOT / "card_data" / "olf" / BANDS_FILE))
    for measure_bands in (found.challenge, found.won):
        for fewer, more in zip(sorted(measure_bands), sorted(measure_bands)[1:]):
            assert measure_bands[more].high <= measure_bands[fewer].low


SMALL = Bands(challenge={1: Band(0.70, 0.95), 2: Band(0.5, 0.7), 3: Band(0.3, 0.5)},
              won={1: Band(0.0, 1.0), 2: Band(0.0, 1.0), 3: Band(0.0, 1.0)}, parties=(1, 3), games=8, seed=5,
              lowest_target=3)


def test_the_search_is_reproducible_from_its_seed_and_lands_in_the_band(data):
    hard = {**next(n for n in data["nemeses"] if n["id"] == "demon-lord"), "end_targets": [6, 6]}
    means = phase_means(data)
    first = tune_nemesis(data, hard, SMALL, means)
    assert first == tune_nemesis(data, hard, SMALL, means)
    assert first["tuned"] and first["changed"] and first["before"]["end"] == [6, 6]
    assert SMALL.challenge[1].holds(first["shares"]["end"]) and first["targets"]["end"] != [6, 6]
    chosen = {**hard, **{f"{phase}_targets": t for phase, t in first["targets"].items()}}
    assert measure(data, chosen, SMALL, means)["win_rates"] == first["win_rates"]


def test_a_nemesis_inside_its_band_keeps_its_printed_targets(data):
    queen = next(n for n in data["nemeses"] if n["id"] == "drowned-queen")
    found = tune_nemesis(data, queen, SMALL)
    assert found["tuned"] and not found["changed"] and found["targets"] == found["before"]


def _small_measure(project):
    path = project / "card_data" / "olf" / BANDS_FILE
    path.write_text(path.read_text().replace("parties: [1, 2, 3, 4, 5, 6]", "parties: [2]")
                    .replace("games: 200 ", "games: 6 ").replace("won: [0.40, 0.65]", "won: [0.0, 1.0]"))
    return path


def test_tune_writes_the_chosen_targets_and_nothing_else(project_copy):
    _small_measure(project_copy)
    nemeses = project_copy / "card_data" / "olf" / "nemeses.yaml"
    before = nemeses.read_text()
    nemeses.write_text(before.replace("  end_targets: [4, 3]\n", "  end_targets: [6, 6]   # too hard\n", 1))
    result = run_pnp("simulate", "olf", "--tune", "--nemesis", "demon-lord", "--project", str(project_copy))
    assert result.exit_code == 0, result.output
    after = nemeses.read_text().splitlines()
    changed = [(old, new) for old, new in zip(before.splitlines(), after) if old != new]
    assert len(after) == len(before.splitlines()) and len(changed) == 1
    assert changed[0][1].startswith("  end_targets: [") and changed[0][1].endswith("]   # too hard")
    assert "1 target list written" in result.output
    again = run_pnp("simulate", "olf", "--tune", "--nemesis", "demon-lord", "--project", str(project_copy))
    assert "nothing written" in again.output and nemeses.read_text().splitlines() == after


def test_a_nemesis_left_outside_its_band_keeps_its_targets_and_the_run_exits_2(project_copy):
    path = _small_measure(project_copy)
    path.write_text(path.read_text().replace("won: [0.0, 1.0]", "won: [0.99, 1.0]"))
    nemeses = project_copy / "card_data" / "olf" / "nemeses.yaml"
    before = nemeses.read_bytes()
    result = run_pnp("simulate", "olf", "--tune", "--nemesis", "drowned-queen", "--project", str(project_copy))
    assert result.exit_code == 2 and "outside the band its skulls declare" in result.output and "left as printed" in result.output
    assert nemeses.read_bytes() == before


def test_a_skull_count_with_no_band_is_named(data, bands):
    from pnp.errors import UsageError
    from pnp.games.olf.tuning import tune_report

    four = {**data, "nemeses": [{**data["nemeses"][0], "skulls": 4}]}
    with pytest.raises(UsageError, match="4 skulls.*add its band"):
        tune_report(four, bands, [], 10)


@pytest.mark.parametrize("change, where", [
    (("won: [0.25, 0.40]", "won: [0.40, 0.25]"), "skulls.2.won"),
    (("games: 200 ", "games: lots "), "measure.games"),
    (("parties: [1, 2, 3, 4, 5, 6]", "parties: [0, 7]"), "measure.parties"),
])
def test_a_bad_band_file_is_named_at_its_line(project_copy, change, where):
    path = project_copy / "card_data" / "olf" / BANDS_FILE
    text = path.read_text()
    path.write_text(text.replace(*change))
    line = next(i for i, row in enumerate(path.read_text().splitlines(), 1) if change[1] in row)
    result = run_pnp("simulate", "olf", "--tune", "--project", str(project_copy))
    assert result.exit_code == 2 and f"{BANDS_FILE}:{line}: {where}" in result.output, result.output
    assert "Traceback" not in result.output


def test_tune_without_a_band_file_says_what_to_write(project_copy):
    (project_copy / "card_data" / "olf" / BANDS_FILE).unlink()
    result = run_pnp("simulate", "olf", "--tune", "--project", str(project_copy))
    assert result.exit_code == 2 and BANDS_FILE in result.output and "docs/simulating.md" in result.output


def test_the_documented_band_file_is_the_shipped_one():
    import re

    import yaml

    text = (ROOT / "docs" / "simulating.md").read_text()
    shown = yaml.safe_load(re.search(r"```yaml\n(.*?)```", text, re.S).group(1))
    assert shown == yaml.safe_load((ROOT / "card_data" / "olf" / BANDS_FILE).read_text())


def test_check_names_a_nemesis_challenge_outside_its_challenge_band_at_its_card_line():
    """`pnp check` (and so the build) holds the exact half of the band: no simulation needed."""
    from pnp.data.yaml_source import load_yaml_text
    from pnp.games.olf.bands import band_problems

    project = Project.at(ROOT)
    loaded = load_game(project, get_game(project, "olf"))
    text = (ROOT / "card_data" / "olf" / BANDS_FILE).read_text().replace("challenge: [0.70, 0.95]", "challenge: [0.96, 0.99]")
    found = band_problems(load_yaml_text(text, BANDS_FILE), loaded)
    nemeses = next(d for d in loaded if d.deck.key == "nemeses")
    lord = [p for p in found if "The Demon Lord" in p.expected]
    assert [p.line for p in lord] == [nemeses.located.line_of((0, f"{phase}_targets")) for phase in ("approach", "lair", "end")]
    assert all(str(p.file).endswith("nemeses.yaml") and "--tune" in p.fix for p in found)
    assert band_problems(load_yaml_text((ROOT / "card_data" / "olf" / BANDS_FILE).read_text(), BANDS_FILE), loaded) == []
