"""The commands that print no PDF never load WeasyPrint (it costs about a second to import), nor
the PDF libraries and the process pool a build loads (imports on demand: `pnp check` is the
designer's inner loop)."""

import subprocess
import sys

import pytest

from tests.conftest import ROOT

PROBE = """
import sys
from pnp.cli import main
try:
    main(sys.argv[2:])
except SystemExit as stop:
    code = stop.code
print(",".join(name for name in sys.argv[1].split(",") if name in sys.modules) or "none", code)
"""
BUILD_ONLY = ("weasyprint", "pikepdf", "reportlab", "pypdfium2", "concurrent.futures.process")


def probe(arguments: list, cwd, home) -> list[str]:
    """The BUILD_ONLY modules `pnp ARGUMENTS` loaded, and its exit status, as the probe prints them."""
    done = subprocess.run([sys.executable, "-c", PROBE, ",".join(BUILD_ONLY), *arguments], cwd=cwd, capture_output=True,
                          text=True, env={"PATH": "/usr/bin:/bin", "PNP_CACHE": "off", "HOME": str(home)})
    return done.stdout.strip().splitlines()[-1:] or [done.stderr]


@pytest.mark.parametrize("arguments", [
    ["--help"], ["build", "--help"], ["list"], ["check", "verset"], ["check", "verdun"],
    ["rules", "verset", "--kinds"], ["rules", "wizard", "card_data/wizard/examples/hands.yaml"],
])
def test_no_pdf_library(arguments):
    assert probe(arguments, ROOT, ROOT / "output") in (["none 0"], ["none None"])


def test_the_probe_sees_every_one_in_a_build(tiny, tmp_path):
    """In one process the build loads them all; on a pool, its workers load WeasyPrint."""
    alone = probe(["build", "tiny", "--jobs", "1", "--out", str(tmp_path / "alone")], tiny.root, tmp_path)
    assert alone == [",".join(BUILD_ONLY) + " 0"]
    pooled = probe(["build", "tiny", "--jobs", "2", "--out", str(tmp_path / "pooled")], tiny.root, tmp_path)
    assert pooled == [",".join(name for name in BUILD_ONLY if name != "weasyprint") + " 0"]
