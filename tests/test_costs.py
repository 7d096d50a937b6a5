"""The suite's cost report (tests/costs.py) names a file that grew well past its kept figure."""

import json

from tests.costs import grown


def test_a_file_that_grew_past_its_kept_figure_is_named(tmp_path):
    kept = tmp_path / "tests-results.json"
    kept.write_text(json.dumps({"files": {"tests/a.py": {"cpu": 10.0}, "tests/b.py": {"cpu": 10.0}}}))
    files = {"tests/a.py": {"cpu": 21.0}, "tests/b.py": {"cpu": 19.0}, "tests/new.py": {"cpu": 6.0},
             "tests/small.py": {"cpu": 4.0}}
    assert grown(files, kept) == ["grew: tests/a.py 21.0 CPU-seconds, 10.0 in tests-results.json",
                                  "grew: tests/new.py 6.0 CPU-seconds, 0.0 in tests-results.json"]
    assert grown(files, tmp_path / "none.json") == []
