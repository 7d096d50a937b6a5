"""A game folder from a stranger, probed as an attacker would: every attack ends in exit 2 with
a one-line message, within 60 s and under 1 GB (measured on a subprocess running the supervised
program), and no byte of a secret file outside the project reaches any PDF."""

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from pnp.render.cache import SHARED_FOLDER_VARIABLE
from tests.conftest import ROOT, copy_project, run_pnp

SECONDS = 60                                # the issue-26 bar; a quiet machine takes 2-5 s
MEMORY_BYTES = 1_000_000_000
ADDRESS_SPACE_CAP = 4 * 1024 ** 3          # a backstop so a failing attack cannot take the machine
SECRET = "PNP-SECRET-7f3a9c"
RUN = "from pnp.cli import run; run()"          # the program as installed: supervised


# The peak memory of a process started by fork from this test run would include the test run's
# own pages (Linux keeps the high-water mark across exec), so pnp is started by a small launcher:
# it sets the backstop cap, becomes a process group, spawns pnp and reports pnp's peak on a pipe.
LAUNCHER = """
import os, resource, sys
resource.setrlimit(resource.RLIMIT_AS, (int(sys.argv[1]), int(sys.argv[1])))
os.setsid()
report = int(sys.argv[2])
os.set_inheritable(report, False)
pid = os.posix_spawn(sys.executable, [sys.executable, "-c", sys.argv[3], *sys.argv[4:]], os.environ)
_, status, usage = os.wait4(pid, 0)
os.write(report, str(usage.ru_maxrss * 1024).encode())
os._exit(os.waitstatus_to_exitcode(status) & 0xFF)
"""


def run_capped(args, project: Path | None, env_extra=None, seconds=SECONDS):
    """`pnp ARGS` (with `--project PROJECT` unless None) in a subprocess: exit code, output, wall
    seconds and pnp's peak memory in bytes (its workers included). The pages an attack leaves
    as they were come from the test run's page cache, as they would from a user's; what the
    attack changes is laid out (or refused) afresh, its inputs being part of every key."""
    # faulthandler shows where a hung run was (the timeout below sends SIGABRT); under a memory cap
    # a library may crash outright, and the crashed worker's dump is the harness's, not pnp's output.
    capped = "PNP_MAX_MEMORY_BYTES" in (env_extra or {})
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONFAULTHANDLER": "" if capped else "1", **(env_extra or {})}
    argv = [*map(str, args), *(["--project", str(project)] if project is not None else [])]
    read_end, write_end = os.pipe()
    start = time.monotonic()
    process = subprocess.Popen([sys.executable, "-c", LAUNCHER, str(ADDRESS_SPACE_CAP), str(write_end), RUN, *argv],
                               env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, pass_fds=(write_end,))
    os.close(write_end)
    try:
        output, _ = process.communicate(timeout=seconds * 3)
    except subprocess.TimeoutExpired:
        # Where it hung, in the failure's output: every thread's stack (faulthandler), then the end.
        os.killpg(process.pid, signal.SIGABRT)
        try:
            output, _ = process.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            output, _ = process.communicate()
        output += f"\n[killed after {seconds * 3} s]".encode()
    elapsed = time.monotonic() - start
    with os.fdopen(read_end, "rb") as report:
        peak = int(report.read() or 0)
    return process.returncode, output.decode("utf-8", "replace"), elapsed, peak


# A data file is read, and refused, in the main process before any work goes to the pool: one
# process proves that refusal as well as a pool would, without two workers loading WeasyPrint
# for nothing. Chapters and layouts stay on the pool: their rulebook and decks are sent to it
# before the check ends, and a worker may meet the fault first.
CHECKED_IN_THIS_PROCESS = ("--jobs", "1")


def refused(project, *args, env_extra=None):
    code, output, elapsed, memory = run_capped(args, project, env_extra)
    assert code == 2, output
    assert "Traceback" not in output, output
    assert elapsed < SECONDS, f"{elapsed:.1f} s"
    assert memory < MEMORY_BYTES, f"{memory / 2**20:.0f} MB"
    return output


@pytest.fixture
def project(tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text(SECRET)
    return copy_project(tmp_path / "project", games=("verset",))


def edit(project, relative, old, new):
    path = project / relative
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


def no_secret_in_any_pdf(folder: Path):
    import pikepdf
    for path in folder.rglob("*.pdf"):
        assert SECRET.encode() not in path.read_bytes()
        with pikepdf.open(path) as pdf:
            for page in pdf.pages:
                for stream in page.Resources.get("/XObject", {}).values():
                    assert SECRET.encode() not in stream.read_bytes()


# --- reading outside the project ------------------------------------------------------------

ESCAPES = {
    "the card helper's environment": "{{ card.env.loader.searchpath.append('/') }}"
                                     "{{ card.env.get_template('etc/passwd').render() }}",
    "the card helper's globals": "{{ card.__globals__ }}",
    "a class's subclasses": "{{ ''.__class__.__mro__[1].__subclasses__() }}",
    "the game object": "{{ game.located.file }}{{ game.rules_context }}",
    "a card model": "{{ deck_cards['cards'][0].model_validate }}{{ deck_cards['cards'][0].__class__ }}",
}


# The sandbox is the template's, whatever the game: on the starter game.
@pytest.mark.parametrize("attack", sorted(ESCAPES))
def test_a_chapter_cannot_reach_past_plain_data(tiny, tmp_path, attack):
    (tmp_path / "secret.txt").write_text(SECRET)
    chapter = tiny.card_data / "tiny" / "rulebook" / "01-how-to-play.md"
    chapter.write_text(chapter.read_text() + "\n" + ESCAPES[attack] + "\n")
    refused(tiny.root, "build", "tiny", "--out", str(tmp_path / "out"))
    no_secret_in_any_pdf(tmp_path)


def test_a_layout_cannot_reach_the_sandbox_internals(tiny, tmp_path):
    edit(tiny.root, "layouts/tiny/card.html", "{{ card.name }}", "{{ card.__class__.__init__.__globals__ }}")
    output = refused(tiny.root, "build", "tiny", "--out", str(tmp_path / "out"))
    assert "layouts/tiny/card.html:" in output


LINKS = {
    "a chapter": "card_data/verset/rulebook/11-extra.md",
    "a data file": "card_data/verset/glass.yaml",
    "an examples file": "card_data/verset/examples/extra.yaml",
    "a layout": "layouts/verset/verse.html",
    "an icon": "layouts/icons/flame.svg",
    "the rulings": "card_data/verset/rulings.yaml",
    "the game declaration": "card_data/verset/game.yaml",
    "a font the sheets' labels use": "fonts/eb-garamond/eb-garamond-latin-400-normal.woff",
}


@pytest.mark.parametrize("what", sorted(LINKS))
def test_a_link_to_a_file_outside_is_refused(project, tmp_path, what):
    target = project / LINKS[what]
    target.unlink(missing_ok=True)
    target.symlink_to(tmp_path / "secret.txt")
    jobs = CHECKED_IN_THIS_PROCESS if what in ("a data file", "the game declaration") else ()
    output = refused(project, "build", "verset", "--out", str(tmp_path / "out"), *jobs)
    assert "outside" in output or "link" in output
    no_secret_in_any_pdf(tmp_path)


def test_an_include_of_a_link_outside_is_refused(project, tmp_path):
    (project / "layouts" / "verset" / "extra.html").symlink_to(tmp_path / "secret.txt")
    edit(project, "layouts/verset/verse.html", '<div class="panel"></div>', '{% include "verset/extra.html" %}')
    refused(project, "build", "verset", "--out", str(tmp_path / "out"))
    no_secret_in_any_pdf(tmp_path)


def test_a_shipped_output_link_is_refused(project, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (project / "output").symlink_to(elsewhere)
    output = refused(project, "build", "verset")
    assert "is a link" in output and not list(elsewhere.rglob("*"))


def test_a_shipped_cache_is_not_trusted(tmp_path):
    """The stranger's folder ships cache entries for the very pages it builds, signed with its
    own secret; the victim's build renders afresh and matches an uncached build byte for byte."""
    stranger = copy_project(tmp_path / "stranger")
    assert run_pnp("new", "tiny", "--project", str(stranger)).exit_code == 0      # a small game: a fast build
    code, output, *_ = run_capped(["build", "tiny", "--jobs", "1", "--out", str(tmp_path / "theirs")], stranger,
                                  {"XDG_CACHE_HOME": str(tmp_path / "their-home"), SHARED_FOLDER_VARIABLE: ""}, 120)
    assert code == 0, output
    for entry in (stranger / "output" / ".cache").glob("*.pdf"):
        entry.write_bytes(entry.read_bytes().replace(b"/Type /Catalog", b"/Type /Catalog /OpenAction "
                                                     b"<< /S /JavaScript /JS (app.alert(1)) >>", 1))
    victim = tmp_path / "victim"
    shutil.copytree(stranger, victim, symlinks=True)
    code, output, *_ = run_capped(["build", "tiny", "--jobs", "1", "--out", str(tmp_path / "ours")], victim,
                                  {"XDG_CACHE_HOME": str(tmp_path / "our-home"), SHARED_FOLDER_VARIABLE: ""}, 120)
    assert code == 0, output
    code, output, *_ = run_capped(["build", "tiny", "--jobs", "1", "--out", str(tmp_path / "fresh")], victim,
                                  {"PNP_CACHE": "off"}, 120)
    assert code == 0, output
    for path in (tmp_path / "fresh").glob("*.pdf"):
        ours = (tmp_path / "ours" / path.name).read_bytes()
        assert ours == path.read_bytes() and b"JavaScript" not in ours, path.name


# --- resources --------------------------------------------------------------------------------

ALIAS_BOMB = "".join(f"{c}: &{c} [{', '.join(['*' + p] * 9) if p else ', '.join(['lol'] * 9)}]\n"
                     for p, c in zip([""] + list("abcdefgh"), "abcdefghi"))


def big_csv(project, rows):
    header = "rank,suit,name,icon,quote,count\n"
    (project / "card_data/verset/playing_cards.csv").write_text(header + "A,hearts,X,,,1\n" * rows)


RESOURCE_ATTACKS = {
    "an alias bomb in card data": lambda p: (p / "card_data/verset/glass.yaml").write_text(ALIAS_BOMB),
    "an alias bomb in the rulings": lambda p: (p / "card_data/verset/rulings.yaml").write_text(ALIAS_BOMB),
    "an alias bomb in an example block": lambda p: edit(
        p, "card_data/verset/rulebook/en/07-variants.md", "id: feeding-the-organ",
        "id: feeding-the-organ\n" + "\n".join("x" + line for line in ALIAS_BOMB.splitlines())),
    "a CSV count of a billion": lambda p: edit(p, "card_data/verset/tokens.csv", "One soul,10", "One soul,1000000000"),
    "a million CSV rows": lambda p: big_csv(p, 1_000_000),
    "a 50 MB YAML file": lambda p: (p / "card_data/verset/bar.yaml").write_text("- id: x\n" + "# pad\n" * 9_000_000),
    "YAML nested 10,000 deep": lambda p: (p / "card_data/verset/glass.yaml").write_text("[" * 10_000 + "]" * 10_000),
}


IN_THE_DATA = {"an alias bomb in card data", "a CSV count of a billion", "a million CSV rows", "a 50 MB YAML file",
               "YAML nested 10,000 deep"}


@pytest.mark.parametrize("attack", sorted(RESOURCE_ATTACKS))
def test_resource_attacks_end_quickly_with_exit_2(project, tmp_path, attack):
    RESOURCE_ATTACKS[attack](project)
    jobs = CHECKED_IN_THIS_PROCESS if attack in IN_THE_DATA else ()
    output = refused(project, "build", "verset", "--out", str(tmp_path / "out"), *jobs)
    assert "(" in output and ")" in output and ":" in output
    assert not (tmp_path / "out").exists()


# A layout's, a chapter's or an icon's attack is the template's, whatever the game: on the
# starter game (one deck and a rulebook for the pool to lay out beside it).
TEMPLATE_ATTACKS = {
    "nested loops in a layout": lambda p: edit(
        p, "layouts/tiny/card.html", "{{ card.name }}",
        "{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}"),
    "nested loops in a chapter": lambda p: edit(
        p, "card_data/tiny/rulebook/01-how-to-play.md", "# ",
        "{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}\n# "),
    "a string of a billion characters": lambda p: edit(p, "layouts/tiny/card.html", "{{ card.name }}",
                                                      "{{ 'x' * 10**9 }}"),
    "a padded string of a billion": lambda p: edit(p, "layouts/tiny/card.html", "{{ card.name }}",
                                                  "{{ card.name|center(1000000000) }}"),
    "an SVG <use> bomb": lambda p: (p / "layouts/icons/lantern-flame.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">'
        '<g id="a0"><rect width="1" height="1"/></g>'
        + "".join(f'<g id="a{i}">' + f'<use xlink:href="#a{i - 1}"/>' * 10 + "</g>" for i in range(1, 40))
        + "</svg>"),
    "50,000 nested divs in a chapter": lambda p: edit(
        p, "card_data/tiny/rulebook/01-how-to-play.md", "# ", "<div>" * 50_000 + "</div>" * 50_000 + "\n\n# "),
    "a recursive macro": lambda p: edit(p, "layouts/tiny/card.html", "{{ card.name }}",
                                        "{% macro m(n) %}{{ m(n) }}{% endmacro %}{{ m(1) }}"),
}


@pytest.mark.parametrize("attack", sorted(TEMPLATE_ATTACKS))
def test_template_attacks_end_quickly_with_exit_2(tiny, tmp_path, attack):
    TEMPLATE_ATTACKS[attack](tiny.root)
    output = refused(tiny.root, "build", "tiny", "--out", str(tmp_path / "out"))
    assert "(" in output and ")" in output and ":" in output
    assert not (tmp_path / "out").exists()


def huge_png(path: Path, side: int = 60_000) -> None:
    """A tiny file whose header claims side x side pixels (a decompression bomb)."""
    import struct
    import zlib

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", side, side, 8, 2, 0, 0, 0))
                     + chunk(b"IDAT", zlib.compress(b"\x00" * 16)) + chunk(b"IEND", b""))


def test_an_image_bomb_is_refused(project, tmp_path):
    huge_png(project / "layouts" / "verset" / "huge.png")
    edit(project, "layouts/verset/variant.html", '<div class="trim">', '<div class="trim"><img src="layouts/verset/huge.png">')
    output = refused(project, "build", "verset", "--out", str(tmp_path / "out"))
    assert "layouts/verset/variant.html:" in output and "MAX_IMAGE_PIXELS" in output
    assert not (tmp_path / "out").exists()


def test_an_image_outside_the_project_is_refused_by_the_check(project, tmp_path):
    huge_png(tmp_path / "elsewhere.png", side=10)
    edit(project, "layouts/verset/variant.html", '<div class="trim">',
         f'<div class="trim"><img src="{tmp_path / "elsewhere.png"}">')
    assert "outside the project" in refused(project, "check", "verset")


# --- inputs that once gave tracebacks ----------------------------------------------------------

def write_bytes(project, relative, data: bytes):
    (project / relative).write_bytes(data)


BAD_INPUTS = {
    "undecodable bytes in card data": lambda p: write_bytes(p, "card_data/verset/bar.yaml", b"- id: \xff\xfe\n"),
    "a control character in a chapter": lambda p: edit(p, "card_data/verset/rulebook/en/01-the-game.md", "# ", "\x07# "),
    "a latin-1 CSV": lambda p: write_bytes(p, "card_data/verset/tokens.csv",
                                           "id,value,name,count\none-soul,1,Âme,10\n".encode("latin-1")),
    "a UTF-16 CSV": lambda p: write_bytes(p, "card_data/verset/tokens.csv",
                                          "id,value,name,count\none-soul,1,One,10\n".encode("utf-16")),
    "a count of ²": lambda p: edit(p, "card_data/verset/tokens.csv", "One soul,10", "One soul,²"),
    "python tags in the rulings": lambda p: (p / "card_data/verset/rulings.yaml").write_text(
        "- !!python/object/apply:os.system ['echo hi']\n"),
    "rulings that are not rulings": lambda p: (p / "card_data/verset/rulings.yaml").write_text("- just text\n"),
    "icon credits that are not YAML": lambda p: (p / "layouts/icons/credits.yaml").write_text("a: [\n"),
    "a 5,000-digit number in an expect": lambda p: edit(
        p, "card_data/verset/examples/hands.yaml", "expect: {total: 17,", "expect: {total: " + "9" * 5000 + ","),
    "a sandbox refusal in a layout": lambda p: edit(p, "layouts/verset/verse.html", "{{ card.name }}",
                                                    "{{ card.name.__class__ }}{{ ''.__class__.mro() }}"),
    "a malformed example block": lambda p: edit(p, "card_data/verset/rulebook/en/07-variants.md",
                                                "kind: variant\nsetup: {variant: organ, souls: 9}",
                                                "kind: variant\nsetup: [organ"),
}


ON_THE_POOL = {"a control character in a chapter", "a sandbox refusal in a layout", "a malformed example block"}


@pytest.mark.parametrize("case", sorted(BAD_INPUTS))
def test_bad_input_is_exit_2_with_file_and_line(project, tmp_path, case):
    BAD_INPUTS[case](project)
    jobs = () if case in ON_THE_POOL else CHECKED_IN_THIS_PROCESS
    for command in (("check", "verset"), ("build", "verset", "--out", str(tmp_path / "out"), *jobs)):
        output = refused(project, *command)
        assert "--force" not in output
        assert any(line.strip().split(":")[0].endswith((".yaml", ".md", ".csv", ".html"))
                   for line in output.splitlines()), output


def test_the_problem_list_is_capped(project):
    path = project / "card_data" / "verset" / "verses.yaml"
    path.write_text(path.read_text().replace("difficulty: ", "difficulty: x"))
    tokens = project / "card_data" / "verset" / "tokens.csv"
    tokens.write_text("id,value,name,count\n" + "".join(f"t{i},9,T,1\n" for i in range(60)))
    output = refused(project, "check", "verset")
    assert "... and " in output and "more (MAX_REPORTED_PROBLEMS" in output
    assert len([line for line in output.splitlines() if ": " in line and ".yaml:" in line or ".csv:" in line]) <= 50


def test_a_chapter_error_names_its_line(project):
    edit(project, "card_data/verset/rulebook/en/05-gall.md", "\n", "\n{{ nothing_here }}\n")
    assert "card_data/verset/rulebook/en/05-gall.md:2:" in refused(project, "check", "verset")


def test_an_out_folder_below_a_file_is_a_clean_error(project, tmp_path):
    (tmp_path / "a-file").write_text("x")
    assert "cannot write the build" in refused(project, "build", "verset", "--out", str(tmp_path / "a-file" / "sub"))


# --- what held still holds ----------------------------------------------------------------------

def test_card_text_with_html_and_template_syntax_prints_literally(tiny, tmp_path):
    edit(tiny.root, "card_data/tiny/cards.yaml", "name: The Lantern", "name: \"<b>L</b> {{7*7}}\"")
    code, output, *_ = run_capped(["build", "tiny", "--jobs", "1", "--out", str(tmp_path / "out")], tiny.root,
                                  seconds=120)
    assert code == 0, output
    import pdfplumber
    with pdfplumber.open(tmp_path / "out" / "cards.pdf") as pdf:
        text = pdf.pages[0].extract_text()
    assert "<b>L</b>" in text and "{{7*7}}" in text and "49" not in text
