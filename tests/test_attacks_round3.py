"""Issue 42's faults, each as an attack on the program as installed (a subprocess of the
supervised `pnp`, the memory cap on): it ends within 60 s, in one error line and exit 2 (or, for
what is no fault once handled, exit 0), with no traceback, nothing written outside the project
and the temporary folder (TMPDIR) left empty. The starter game `tiny` is the stranger's."""

import pytest

from tests.test_attacks import MEMORY_BYTES, SECONDS, run_capped
from tests.conftest import run_pnp
from tests.test_attacks_output import listing
from tests.test_editions import swap_vouched_for

CHAPTER = "card_data/tiny/rulebook/01-how-to-play.md"
CATALOGUE = "card_data/tiny/locale/fr/messages.po"


def attacked(tiny, tmp_path, *args, expected: int = 2, env_extra=None) -> str:
    """`pnp ARGS --project tiny`, under TMPDIR=tmp_path/tmp: its output, once every bar is met."""
    temporary = tmp_path / "tmp"
    temporary.mkdir(exist_ok=True)
    outside = listing(tmp_path, leave_out=("tmp", tiny.root.name))
    code, output, elapsed, memory = run_capped(args, tiny.root, {"TMPDIR": str(temporary), **(env_extra or {})})
    assert code == expected, output
    assert "Traceback" not in output, output
    errors = [line for line in output.splitlines() if line.startswith("error")]
    assert len(errors) == (1 if expected == 2 else 0), output
    assert elapsed < SECONDS, f"{elapsed:.1f} s"
    assert memory < MEMORY_BYTES, f"{memory / 2 ** 20:.0f} MB"
    assert sorted(path.name for path in temporary.iterdir()) == []
    assert listing(tmp_path, leave_out=("tmp", tiny.root.name)) == outside
    return output


def _write(tiny, relative: str, text: str) -> None:
    (tiny.root / relative).write_text(text, encoding="utf-8")


def _add_to_chapter(tiny, markup: str) -> None:
    path = tiny.root / CHAPTER
    path.write_text(path.read_text() + "\n\n" + markup + "\n", encoding="utf-8")


# 3. A colour the browser computes (currentColor on a border, what <hr> and <fieldset> get by
# default) crashed every command that checks pages: it is no fault, and the pages print.
COMPUTED_COLOURS = '<hr style="border: 3px solid currentColor">\n\n<fieldset>Kept</fieldset>'


@pytest.mark.parametrize("command", [("build", "tiny", "--paper", "a4"), ("proof", "tiny")])
def test_a_border_in_current_colour_prints(tiny, tmp_path, command):
    _add_to_chapter(tiny, COMPUTED_COLOURS)
    attacked(tiny, tmp_path, *command, expected=0, env_extra={"PNP_CACHE": "off"})


# 5. Every command that typesets left WeasyPrint's copies of the fonts in TMPDIR, a refused one too.
@pytest.mark.parametrize("command", [("proof", "tiny"), ("export", "tiny", "--for", "dtc")])
def test_a_command_that_typesets_leaves_the_temporary_folder_empty(tiny, tmp_path, command):
    attacked(tiny, tmp_path, *command, expected=0, env_extra={"PNP_CACHE": "off"})


def test_a_build_refused_by_its_rulebook_task_leaves_the_temporary_folder_empty(tiny, tmp_path):
    """The chapters are checked by the task typesetting them: its fonts' folder goes too."""
    glossary = tiny.root / "card_data" / "tiny" / "glossary.yaml"
    glossary.write_text(glossary.read_text().replace("rule: how-to-play--the-end", "rule: nowhere"))
    output = attacked(tiny, tmp_path, "build", "tiny", env_extra={"PNP_CACHE": "off"})
    assert "card_data/tiny/glossary.yaml:" in output


# 6 and 10. A catalogue: markup in a plural form, a control character in a string.
def _in_french(tiny) -> None:
    from tests.commands.test_translate import _in_french as declared_in_french

    declared_in_french(tiny)
    run_pnp("translate", "tiny", "--lang", "fr", "--project", str(tiny.root))


@pytest.mark.parametrize("planted, found", [
    ("%(count)s points<iframe src=//x.example></iframe>", "<iframe>"),
    ("%(count)s points\x1b]0;owned\x07", "control character"),
    ("%(count)s po\x00ints", "control character"),
])
def test_a_plural_form_of_a_catalogue_is_checked_as_every_string(tiny, tmp_path, planted, found):
    _in_french(tiny)
    path = tiny.root / CATALOGUE
    text = path.read_text()
    path.write_text(text + '\nmsgid "%(count)s point"\nmsgid_plural "%(count)s points"\nmsgstr[0] "%(count)s point"\n'
                    f'msgstr[1] "{planted}"\n')
    output = attacked(tiny, tmp_path, "check", "tiny")
    assert f"{CATALOGUE}:" in output and found in output.lower(), output


# 7. An edited manifest vouching for a swapped PDF.
def test_a_swapped_pdf_vouched_for_by_an_edited_manifest_is_built_again(tiny, tmp_path):
    attacked(tiny, tmp_path, "build", "tiny", "--paper", "a4", expected=0)
    folder = tiny.root / "output" / "tiny" / "a4"
    swapped = swap_vouched_for(folder)
    attacked(tiny, tmp_path, "build", "tiny", "--paper", "a4", expected=0)
    rebuilt = (folder / "cards.pdf").read_bytes()
    assert rebuilt != swapped and rebuilt.startswith(b"%PDF-")


# 8. What ended in a traceback: a proof past the memory cap, a chapter of a 300,000-row table.
# The cap sits where the starter game's cards cannot be typeset (135-180 MB all stop there),
# well above what pnp's own libraries need to load (120 MB does not), not at the edge of either.
MEMORY_CAP_FOR_A_PROOF = "150000000"


def test_a_proof_past_the_memory_cap_is_one_line(tiny, tmp_path):
    """Past the cap a library may crash outright (a segfault in Pango): the one line still holds
    (run_capped leaves its faulthandler off under a cap: a crashed worker's dump is the harness's)."""
    output = attacked(tiny, tmp_path, "proof", "tiny", env_extra={"PNP_MAX_MEMORY_BYTES": MEMORY_CAP_FOR_A_PROOF,
                                                                  "PNP_CACHE": "off"})
    assert "MAX_MEMORY_BYTES" in output


def test_a_cap_too_low_for_pnp_s_own_libraries_is_one_line(tiny, tmp_path):
    """So low a cap that a library cannot even be mapped in (an ImportError, no errno)."""
    output = attacked(tiny, tmp_path, "proof", "tiny", env_extra={"PNP_MAX_MEMORY_BYTES": "120000000",
                                                                  "PNP_CACHE": "off"})
    assert "MAX_MEMORY_BYTES" in output


def test_a_chapter_of_a_300000_row_table_is_one_line(tiny, tmp_path):
    rows = "".join(f"| {number} | x |\n" for number in range(300_000))
    _add_to_chapter(tiny, "| n | x |\n|---|---|\n" + rows)
    attacked(tiny, tmp_path, "build", "tiny", "--paper", "a4", env_extra={"PNP_CACHE": "off"})


def test_the_site_leaves_the_temporary_folder_empty(tiny, tmp_path):
    """The site of the starter game alone: its rulebook and sheets typeset, its fonts' folders gone."""
    output = attacked(tiny, tmp_path, "site", "--out", str(tiny.root / "output" / "site"), expected=0,
                      env_extra={"PNP_CACHE": "off"})
    assert "The site: 1 game" in output


# 2. `pnp translate` while locale/fr is swapped for a link to outside and back, as fast as can be.
def test_translate_under_a_folder_swapped_for_a_link_writes_nothing_outside(tiny, tmp_path):
    import subprocess
    import sys

    from tests.commands.test_translate import _in_french as declared_in_french

    declared_in_french(tiny)
    folder = tiny.root / "card_data" / "tiny" / "locale" / "fr"
    folder.mkdir(parents=True)
    outside = tmp_path / "outside"
    outside.mkdir()
    swapping = ("import os, sys\nfolder, aside, outside = sys.argv[1:]\nwhile True:\n"
                "    os.rename(folder, aside); os.symlink(outside, folder)\n    os.unlink(folder); os.rename(aside, folder)\n")
    swapper = subprocess.Popen([sys.executable, "-c", swapping, str(folder), str(folder.with_name("fr-real")),
                                str(outside)])
    try:
        for _ in range(6):
            temporary = tmp_path / "tmp"
            temporary.mkdir(exist_ok=True)
            code, output, elapsed, _ = run_capped(["translate", "tiny", "--lang", "fr"], tiny.root,
                                                  {"TMPDIR": str(temporary)})
            assert "Traceback" not in output and code in (0, 1, 2) and elapsed < SECONDS, output
            assert len([line for line in output.splitlines() if line.startswith("error")]) <= 1, output
            assert list(temporary.iterdir()) == []
    finally:
        swapper.kill()
        swapper.wait()
    assert list(outside.iterdir()) == []


# 9. `pnp serve` held by 200 idle connections still answers, and leaves TMPDIR empty once stopped.
def test_serve_answers_while_two_hundred_idle_connections_are_held(tiny, tmp_path):
    import os
    import re
    import signal
    import socket
    import subprocess
    import sys
    import time
    import urllib.request

    from tests.conftest import ROOT
    from tests.site.test_serve import _read_until

    temporary = tmp_path / "tmp"
    temporary.mkdir()
    process = subprocess.Popen([sys.executable, "-c", "from pnp.cli import run; run()", "serve", "--port", "0",
                                "--project", str(tiny.root)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               text=True, start_new_session=True,
                               env={**os.environ, "PYTHONPATH": str(ROOT), "TMPDIR": str(temporary), "COLUMNS": "200"})
    idle = []
    try:
        url = _read_until(process, r"http://127\.0\.0\.1:\d+/index\.html", time.monotonic() + SECONDS)
        port = int(re.search(r":(\d+)/", url).group(1))
        idle = [socket.create_connection(("127.0.0.1", port), timeout=5) for _ in range(200)]
        with urllib.request.urlopen(url, timeout=10) as response:
            assert response.status == 200 and b"Tiny" in response.read()
    finally:
        for connection in idle:
            connection.close()
        os.killpg(process.pid, signal.SIGINT)           # Ctrl-C: the terminal signals the whole group
        rest, _ = process.communicate(timeout=30)
    assert process.returncode == 0 and "Traceback" not in rest, rest
    assert list(temporary.iterdir()) == []


# A string of megabytes in a catalogue took `pnp check` to 544 MiB before MAX_CATALOGUE_STRING refused it.
@pytest.mark.parametrize("written", ["one line", "continued"])
def test_a_catalogue_string_of_megabytes_is_refused_before_it_is_parsed(tiny, tmp_path, written):
    _in_french(tiny)
    path = tiny.root / CATALOGUE
    text = path.read_text()
    huge = '"' + "x" * 3_900_000 + '"' if written == "one line" else '""\n' + ('"' + "x" * 70 + '"\n') * 50_000
    at = text.index('msgstr ""\n\n#')
    path.write_text(text[:at] + f"msgstr {huge.rstrip()}" + text[at + len('msgstr ""'):])
    code, output, _, memory = run_capped(["check", "tiny"], tiny.root)
    assert code == 2 and "Traceback" not in output, output
    assert f"{CATALOGUE}:{text[:at].count(chr(10)) + 1}:" in output and "MAX_CATALOGUE_STRING" in output, output
    assert memory < 200 * 2 ** 20, f"{memory / 2 ** 20:.0f} MiB"
