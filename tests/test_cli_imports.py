"""The commands that print no PDF never load WeasyPrint (it costs about a second to import)."""

import subprocess
import sys

import pytest

from tests.conftest import ROOT

PROBE = """
import sys
from pnp.cli import main
try:
    main(sys.argv[1:])
except SystemExit as stop:
    code = stop.code
print("weasyprint" in sys.modules, code)
"""


@pytest.mark.parametrize("arguments", [
    ["--help"], ["build", "--help"], ["list"], ["check", "verset"], ["check", "verdun"],
    ["rules", "verset", "--kinds"], ["rules", "wizard", "card_data/wizard/examples/hands.yaml"],
])
def test_no_weasyprint(arguments):
    done = subprocess.run([sys.executable, "-c", PROBE, *arguments], cwd=ROOT, capture_output=True, text=True,
                          env={"PATH": "/usr/bin:/bin", "PNP_CACHE": "off", "HOME": str(ROOT / "output")})
    assert done.stdout.strip().splitlines()[-1] in ("False 0", "False None"), done.stdout + done.stderr


def test_the_probe_sees_weasyprint_when_a_build_renders(tmp_path):
    done = subprocess.run([sys.executable, "-c", PROBE, "build", "olf", "--jobs", "1", "--out", str(tmp_path / "olf")],
                          cwd=ROOT, capture_output=True, text=True,
                          env={"PATH": "/usr/bin:/bin", "PNP_CACHE": "off", "HOME": str(tmp_path)})
    assert done.stdout.strip().splitlines()[-1] == "True 0", done.stdout + done.stderr
