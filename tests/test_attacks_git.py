"""`pnp build GAME --changed-since REV` on a stranger's folder that ships its own .git: no command
its git configuration names runs (pnp runs no git at all), no git folder outside the project is
read, no link or special file inside the repository is followed, and no object is inflated past
MAX_FILE_BYTES. Each attack runs the real program in a subprocess (tests.test_attacks)."""

import binascii
import hashlib
import os
import shutil
import stat
import struct
import subprocess
import zlib
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.test_attacks import SECRET, refused, run_capped

# What every game's layouts use (the skeletons, the shared stylesheets, fonts and icons): all of
# layouts/ but the games' own folders.
SHARED_LAYOUTS = tuple(sorted(entry.name for entry in (ROOT / "layouts").iterdir()
                              if not (ROOT / "card_data" / entry.name).is_dir()))
HOOKS = ("pre-commit", "post-commit", "post-checkout", "post-merge", "pre-auto-gc", "post-index-change",
         "reference-transaction", "pre-push", "fsmonitor-watchman", "push-to-checkout")
BUILD_SECONDS = 60


def git(folder: Path, *arguments) -> str:
    """The git binary, for setting up the repository only (pnp must never run it)."""
    environment = {**os.environ, "GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": os.devnull}
    return subprocess.run(["git", "-C", str(folder), "-c", "user.email=test@example.org", "-c", "user.name=test",
                           "-c", "commit.gpgsign=false", *arguments], check=True, capture_output=True,
                          env=environment).stdout.decode()


@pytest.fixture
def tiny(tmp_path) -> Path:
    """A project of one starter game (a reprint of it takes seconds) in a git repository of its
    own, tagged v1, with a secret file beside it."""
    from pnp.project import Project
    from pnp.starter import new_game

    (tmp_path / "secret.txt").write_text(SECRET)
    project = tmp_path / "project"
    (project / "card_data").mkdir(parents=True)
    shutil.copytree(ROOT / "fonts", project / "fonts")
    (project / "layouts").mkdir()
    for name in SHARED_LAYOUTS:
        source, target = ROOT / "layouts" / name, project / "layouts" / name
        shutil.copytree(source, target) if source.is_dir() else shutil.copy(source, target)
    new_game(Project.at(project), "tiny")
    (project / ".gitattributes").write_text("* filter=x diff=x merge=x\n")
    git(project, "init", "-q")
    git(project, "add", "-A")
    git(project, "commit", "-qm", "release")
    git(project, "tag", "v1")
    return project


def rename_a_card(project: Path) -> None:
    cards = project / "card_data" / "tiny" / "cards.yaml"
    cards.write_text(cards.read_text().replace("name: The Lantern", "name: The Lamp", 1))


def one_line(output: str) -> str:
    """The refusal: one line (after the 'error: 1 problem' header of a DataError)."""
    lines = [line for line in output.splitlines() if line.strip()]
    assert len(lines) == 1 or (len(lines) == 2 and "1 problem" in lines[0]), output
    assert SECRET not in output
    return lines[-1]


def listing(folder: Path) -> set:
    return {path.relative_to(folder) for path in folder.rglob("*")}


# --- no command runs ----------------------------------------------------------------------------

def plant_commands(project: Path, markers: Path) -> None:
    """A .git/config naming a command at every place git runs one (filters, textconv, fsmonitor,
    hooks, pagers, editors, ssh, credentials, an included config outside), each leaving a marker."""
    def command(name: str) -> str:
        return f"touch {markers / name}"

    hooks = project / ".git" / "shipped-hooks"
    hooks.mkdir()
    for hook in HOOKS:
        (hooks / hook).write_text(f"#!/bin/sh\n{command('hook-' + hook)}\n")
        (hooks / hook).chmod(0o755)
        shutil.copy(hooks / hook, project / ".git" / "hooks" / hook)
    included = markers.parent / "included.cfg"
    included.write_text(f'[core]\n\tpager = "{command("included-pager")}"\n')
    with (project / ".git" / "config").open("a") as config:
        config.write(f"""
[filter "x"]
\tsmudge = "{command('smudge')}; cat"
\tclean = "{command('clean')}; cat"
\tprocess = "{command('filter-process')}"
\trequired = true
[diff "x"]
\ttextconv = "{command('textconv')}"
[merge "x"]
\tdriver = "{command('merge-driver')}"
[core]
\tfsmonitor = "{command('fsmonitor')}"
\thooksPath = shipped-hooks
\tpager = "{command('pager')}"
\tsshCommand = "{command('ssh')}"
\teditor = "{command('editor')}"
\taskPass = "{command('askpass')}"
\talternateRefsCommand = "{command('alternate-refs')}"
[diff]
\texternal = "{command('diff-external')}"
[pager]
\tarchive = "{command('archive-pager')}"
\tcat-file = "{command('cat-file-pager')}"
[credential]
\thelper = "!{command('credential')}"
[uploadpack]
\tpackObjectsHook = "{command('pack-objects-hook')}"
[include]
\tpath = {included}
""")


def fake_git(folder: Path, markers: Path) -> dict:
    """A PATH whose first `git` leaves a marker: pnp must not run it."""
    folder.mkdir()
    (folder / "git").write_text(f"#!/bin/sh\ntouch {markers / 'git-on-path'}\nexit 1\n")
    (folder / "git").chmod(0o755)
    return {"PATH": f"{folder}{os.pathsep}{os.environ['PATH']}"}


def test_a_shipped_git_config_runs_nothing_and_the_reprint_works(tiny, tmp_path):
    markers = tmp_path / "markers"
    markers.mkdir()
    plant_commands(tiny, markers)
    rename_a_card(tiny)
    before = listing(tmp_path)
    code, output, elapsed, _ = run_capped(["build", "tiny", "--changed-since", "v1"], tiny,
                                          fake_git(tmp_path / "bin", markers), BUILD_SECONDS)
    assert code == 0, output
    assert "reprint of 1 card" in output and "Traceback" not in output
    assert not list(markers.iterdir())
    made = listing(tmp_path) - before
    assert all(path.parts[:2] in {("project", "output"), ("bin",), ("bin", "git")} for path in made), made


def test_a_revision_git_would_read_from_elsewhere_is_refused(tiny, tmp_path):
    markers = tmp_path / "markers"
    markers.mkdir()
    plant_commands(tiny, markers)
    path = fake_git(tmp_path / "bin", markers)
    for revision in ("HEAD@{1}", "HEAD:card_data", ":/release", "v1..HEAD"):
        line = one_line(refused(tiny, "build", "tiny", "--changed-since", revision, env_extra=path))
        assert "a tag, a branch, HEAD or a commit id" in line
    assert not list(markers.iterdir())


# --- no git folder outside the project ----------------------------------------------------------

def git_file_outside(project: Path, tmp_path: Path) -> None:
    shutil.move(project / ".git", tmp_path / "outside.git")
    (project / ".git").write_text(f"gitdir: {tmp_path / 'outside.git'}\n")


def git_link_outside(project: Path, tmp_path: Path) -> None:
    shutil.move(project / ".git", tmp_path / "outside.git")
    (project / ".git").symlink_to(tmp_path / "outside.git")


def relative_git_file_outside(project: Path, tmp_path: Path) -> None:
    shutil.move(project / ".git", tmp_path / "outside.git")
    (project / ".git").write_text("gitdir: ../outside.git\n")


def commondir_outside(project: Path, tmp_path: Path) -> None:
    shutil.copytree(project / ".git", tmp_path / "outside.git")
    shutil.rmtree(project / ".git" / "objects")
    (project / ".git" / "commondir").write_text(f"{tmp_path / 'outside.git'}\n")


def alternates_outside(project: Path, tmp_path: Path) -> None:
    shutil.move(project / ".git" / "objects", tmp_path / "outside-objects")
    (project / ".git" / "objects" / "info").mkdir(parents=True)
    (project / ".git" / "objects" / "info" / "alternates").write_text(f"{tmp_path / 'outside-objects'}\n")


OUTSIDE = {
    "a .git file naming a folder outside": (git_file_outside, "outside"),
    "a .git link to a folder outside": (git_link_outside, "outside"),
    "a relative gitdir: outside": (relative_git_file_outside, "outside"),
    "a commondir outside": (commondir_outside, "commondir"),
    "alternates outside": (alternates_outside, "alternates"),
}


@pytest.mark.parametrize("attack", sorted(OUTSIDE))
def test_a_git_folder_outside_the_project_is_refused(tiny, tmp_path, attack):
    plant, words = OUTSIDE[attack]
    plant(tiny, tmp_path)
    before = listing(tmp_path)
    line = one_line(refused(tiny, "build", "tiny", "--changed-since", "v1"))
    assert words in line and ".git" in line, line
    assert listing(tmp_path) == before


# --- no link, FIFO or device inside the repository ----------------------------------------------

def ref_linked_to_the_secret(project: Path, tmp_path: Path) -> None:
    tag = project / ".git" / "refs" / "tags" / "v1"
    tag.unlink()
    tag.symlink_to(tmp_path / "secret.txt")


def head_as_a_fifo(project: Path, tmp_path: Path) -> None:
    (project / ".git" / "HEAD").unlink()
    os.mkfifo(project / ".git" / "HEAD")


def pack_linked_to_dev_zero(project: Path, tmp_path: Path) -> None:
    git(project, "gc", "-q")
    pack = next((project / ".git" / "objects" / "pack").glob("*.pack"))
    pack.unlink()
    pack.symlink_to("/dev/zero")


def objects_linked_outside(project: Path, tmp_path: Path) -> None:
    shutil.move(project / ".git" / "objects", tmp_path / "outside-objects")
    (project / ".git" / "objects").symlink_to(tmp_path / "outside-objects")


def loose_object_as_a_fifo(project: Path, tmp_path: Path) -> None:
    commit = git(project, "rev-parse", "v1").strip()
    path = project / ".git" / "objects" / commit[:2] / commit[2:]
    path.unlink()
    os.mkfifo(path)


def git_file_as_a_fifo(project: Path, tmp_path: Path) -> None:
    shutil.move(project / ".git", tmp_path / "moved.git")
    os.mkfifo(project / ".git")


INSIDE = {
    "a tag linked to a file outside": (ref_linked_to_the_secret, "v1", "a link"),
    "HEAD as a FIFO": (head_as_a_fifo, "HEAD", "FIFO"),
    "a pack linked to /dev/zero": (pack_linked_to_dev_zero, "v1", "a link"),
    "the objects folder linked outside": (objects_linked_outside, "v1", "a link"),
    "a loose object as a FIFO": (loose_object_as_a_fifo, "v1", "FIFO"),
    "a .git FIFO": (git_file_as_a_fifo, "v1", "FIFO"),
}


@pytest.mark.parametrize("attack", sorted(INSIDE))
def test_no_link_or_special_file_in_the_repository_is_followed(tiny, tmp_path, attack):
    plant, revision, words = INSIDE[attack]
    plant(tiny, tmp_path)
    line = one_line(refused(tiny, "build", "tiny", "--changed-since", revision))
    assert words in line, line


# --- objects within the limits ------------------------------------------------------------------

def commit_with_file(project: Path, path: str, blob: str, tag: str) -> None:
    """A commit of HEAD's tree plus one file naming the object `blob`, made with git's plumbing
    (which never reads the blob), tagged."""
    git(project, "read-tree", "HEAD")
    git(project, "update-index", "--add", "--cacheinfo", f"100644,{blob},{path}")
    tree = git(project, "write-tree", "--missing-ok").strip()
    commit = git(project, "commit-tree", tree, "-p", "HEAD", "-m", tag).strip()
    git(project, "tag", tag, commit)
    git(project, "read-tree", "HEAD")


def pack_entry_header(kind: int, size: int) -> bytes:
    out, byte, size = [], (kind << 4) | (size & 15), size >> 4
    while size:
        out.append(byte | 0x80)
        byte, size = size & 0x7F, size >> 7
    return bytes([*out, byte])


def varint(value: int) -> bytes:
    out = []
    while value > 0x7F:
        out.append(value & 0x7F | 0x80)
        value >>= 7
    return bytes([*out, value])


def plant_delta_bomb(project: Path) -> str:
    """A pack whose one delta turns 64 KiB of zeros into 1 GiB (16,384 copy instructions of
    64 KiB, 16 KB of delta): the id of the object it claims to be."""
    from dulwich.pack import write_pack_index_v2

    base = b"\0" * 65536
    base_id = hashlib.sha1(b"blob 65536\0" + base).digest()
    bomb_id = hashlib.sha1(b"pnp delta bomb").digest()
    delta = varint(len(base)) + varint(1 << 30) + b"\x80" * (1 << 14)
    first = pack_entry_header(3, len(base)) + zlib.compress(base)
    second = pack_entry_header(7, len(delta)) + base_id + zlib.compress(delta)
    data = b"PACK" + struct.pack(">II", 2, 2) + first + second
    data += hashlib.sha1(data).digest()
    folder = project / ".git" / "objects" / "pack"
    folder.mkdir(exist_ok=True)
    (folder / "pack-bomb.pack").write_bytes(data)
    entries = sorted([(base_id, 12, binascii.crc32(first)), (bomb_id, 12 + len(first), binascii.crc32(second))])
    with (folder / "pack-bomb.idx").open("wb") as index:
        write_pack_index_v2(index, entries, data[-20:])
    return bomb_id.hex()


def plant_loose_bomb(project: Path) -> str:
    """A loose object saying it is a 1 GiB blob, whose stream inflates past MAX_FILE_BYTES."""
    object_id = hashlib.sha1(b"pnp loose bomb").hexdigest()
    deflate = zlib.compressobj(9)
    stream = deflate.compress(b"blob 1073741824\0") + deflate.compress(b"\0" * (16 << 20)) + deflate.flush()
    folder = project / ".git" / "objects" / object_id[:2]
    folder.mkdir(exist_ok=True)
    (folder / object_id[2:]).write_bytes(stream)
    return object_id


def plant_big_blob(project: Path) -> str:
    """An honest 5 MB file, packed by git."""
    big = project / "layouts" / "tiny" / "big.bin"
    big.write_bytes(b"\0" * 5_000_000)
    object_id = git(project, "hash-object", "-w", str(big)).strip()
    big.unlink()
    return object_id


@pytest.mark.parametrize("plant", [plant_delta_bomb, plant_loose_bomb, plant_big_blob], ids=lambda f: f.__name__)
def test_an_object_past_max_file_bytes_is_refused_before_it_is_inflated(tiny, tmp_path, plant):
    commit_with_file(tiny, "layouts/tiny/bomb.bin", plant(tiny), "bomb")
    if plant is plant_big_blob:
        git(tiny, "gc", "-q")
    before = listing(tmp_path)
    line = one_line(refused(tiny, "build", "tiny", "--changed-since", "bomb"))
    assert "MAX_FILE_BYTES" in line, line
    assert listing(tmp_path) == before


def test_a_tree_naming_a_file_outside_its_folder_is_refused(tiny, tmp_path):
    """A tree entry `..` (git itself refuses to write one; a stranger can)."""
    blob = git(tiny, "rev-parse", "v1:layouts/tiny/card.html").strip()
    crafted = tmp_path / "tree"
    crafted.write_bytes(b"100644 ..\0" + bytes.fromhex(blob) + b"100644 card.html\0" + bytes.fromhex(blob))
    tree = git(tiny, "hash-object", "-t", "tree", "-w", "--literally", str(crafted)).strip()
    rows = [row if not row.endswith("\tlayouts") else f"040000 tree {tree}\tlayouts"
            for row in git(tiny, "ls-tree", "HEAD").splitlines()]
    root = subprocess.run(["git", "-C", str(tiny), "mktree", "--missing"], input="\n".join(rows) + "\n",
                          capture_output=True, text=True, check=True).stdout.strip()
    git(tiny, "tag", "dots", git(tiny, "commit-tree", root, "-m", "dots").strip())
    before = listing(tmp_path)
    line = one_line(refused(tiny, "build", "tiny", "--changed-since", "dots"))
    assert "file names within their folder" in line, line
    assert listing(tmp_path) == before


def test_a_tree_of_trees_is_stopped_at_max_revision_files(tiny, tmp_path):
    """Twelve folders each holding the same twelve folders, four deep: 20,736 folders (twice
    MAX_REVISION_FILES) from five small trees."""
    tree = "4b825dc642cb6eb9a060e54bf8d69288fbee4904"      # git's empty tree
    for _ in range(4):
        rows = "".join(f"040000 tree {tree}\t{letter}\n" for letter in "abcdefghijkl")
        tree = subprocess.run(["git", "-C", str(tiny), "mktree", "--missing"], input=rows, capture_output=True,
                              text=True, check=True).stdout.strip()
    rows = [row if not row.endswith("\tfonts") else f"040000 tree {tree}\tfonts"
            for row in git(tiny, "ls-tree", "HEAD").splitlines()]
    root = subprocess.run(["git", "-C", str(tiny), "mktree", "--missing"], input="\n".join(rows) + "\n",
                          capture_output=True, text=True, check=True).stdout.strip()
    git(tiny, "tag", "folders", git(tiny, "commit-tree", root, "-m", "folders").strip())
    before = listing(tmp_path)
    line = one_line(refused(tiny, "build", "tiny", "--changed-since", "folders"))
    assert "MAX_REVISION_FILES" in line, line
    assert listing(tmp_path) == before


def truncate(path: Path, project: Path) -> None:
    path.write_bytes(path.read_bytes()[:20])


def swap_for_another_object(path: Path, project: Path) -> None:
    blob = git(project, "rev-parse", "v1:layouts/tiny/card.html").strip()
    path.write_bytes((project / ".git" / "objects" / blob[:2] / blob[2:]).read_bytes())


@pytest.mark.parametrize("damage", [truncate, swap_for_another_object], ids=lambda f: f.__name__)
def test_a_damaged_object_is_one_line(tiny, damage):
    commit = git(tiny, "rev-parse", "v1").strip()
    path = tiny / ".git" / "objects" / commit[:2] / commit[2:]
    path.chmod(stat.S_IWUSR | stat.S_IRUSR)
    damage(path, tiny)
    line = one_line(refused(tiny, "build", "tiny", "--changed-since", "v1"))
    assert "damaged" in line, line
