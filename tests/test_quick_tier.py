"""The quick tier (`pytest -m quick`, tests/conftest.py QUICK) proves something of every package
of pnp, and names only tests that exist."""

from tests.conftest import NOT_QUICK, QUICK, ROOT


def test_every_package_has_quick_tests_and_every_one_named_exists():
    packages = {path.parent.name for path in (ROOT / "pnp").glob("*/__init__.py")}
    assert packages <= set(QUICK), sorted(packages - set(QUICK))
    for paths in [*QUICK.values(), NOT_QUICK]:
        for path in paths:
            file, _, test = path.partition("::")
            assert (ROOT / file).exists(), path
            if test:
                assert f"def {test}" in (ROOT / file).read_text(), path
