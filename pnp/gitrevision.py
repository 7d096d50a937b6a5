"""The project's files as they were at a git revision, read without running git.

A game folder from a stranger may ship its .git, whose config names commands git runs (filters,
fsmonitor, hooks, pagers, textconv). So pnp runs no git: it reads the revision's objects with
dulwich, from files it opens itself with no link followed, in a git folder inside the project
(or the work tree enclosing it), every object's size checked before anything is inflated. It
reads no config, no attributes, no index, no alternates: a blob is written as it is stored.
"""

import errno
import mmap
import os
import re
import stat
import struct
import zlib
from dataclasses import dataclass
from pathlib import Path

from pnp.contained import stage
from pnp.errors import DataError, Problem, UsageError
from pnp.limits import MAX_DELTA_DEPTH, MAX_FILE_BYTES, MAX_REVISION_BYTES, MAX_REVISION_FILES, REVISION_SECONDS
from pnp.project import Project

GIT_POINTER_BYTES = 4096           # a .git file, a ref, commondir: one line
SYMBOLIC_REF_DEPTH = 5             # `ref:` lines followed, as git does
TAG_DEPTH = 10                     # tags of tags followed to a commit
REVISION_FORMS = ("a tag, a branch, HEAD or a commit id (at least its first 4 hex digits), each optionally "
                  "followed by ~N (N generations back) or ^N (its Nth parent)")
REVISION = re.compile(r"(?P<base>[^\s~^:?*\[\\]+)(?P<steps>(?:~[0-9]{0,6}|\^[0-9]{0,6}|\^\{(?:commit)?\})*)")
STEP = re.compile(r"(?P<operator>[~^])(?P<count>[0-9]*)(?P<peel>\{(?:commit)?\})?")
FULL_ID = re.compile(r"[0-9a-f]{40}")
EMPTY_TREE_ID = "4b825dc642cb6eb9a060e54bf8d69288fbee4904"   # git knows it without storing it
SHORT_ID = re.compile(r"[0-9a-f]{4,39}")
PER_WORKTREE_REFS = ("refs/bisect/", "refs/worktree/", "refs/rewritten/")
OBJECT_TYPES = {b"commit": 1, b"tree": 2, b"blob": 3, b"tag": 4}
OFS_DELTA, REF_DELTA = 6, 7
PACK_HEADER_BYTES = 12
LOOSE_OBJECT_BYTES = MAX_FILE_BYTES + MAX_FILE_BYTES // 100 + 1024   # deflate adds at most this
LOOSE_HEADER_BYTES = 32           # "commit 4000000\0", with room to spare
DELTA_HEADER_PEEK = 1024           # compressed bytes enough to inflate a delta's two size fields
NOT_READ_FIX = "Check the repository with `git fsck`, or reprint with --cards"
OUTSIDE_FIX = ("pnp reads no git folder outside the project (a worktree's included): run it in a clone of "
               "the repository, or reprint with --cards")


class _Refused(Exception):
    """Something in the repository pnp will not read: the file, what was expected, what is there."""

    def __init__(self, path: Path, expected: str, found: str, fix: str = NOT_READ_FIX):
        super().__init__(found)
        self.path, self.expected, self.found, self.fix = path, expected, found, fix

    def error(self, root: Path) -> DataError:
        return DataError([Problem(_shown(root, self.path), None, "(git)", self.expected, self.found, self.fix)])


def _shown(root: Path, path: Path) -> str:
    """A path as the user reads it: from the project folder when inside it."""
    if path == root:
        return "."
    return path.relative_to(root).as_posix() if path.is_relative_to(root) else str(path)


def _printable(text: str, limit: int = 120) -> str:
    """Text from a stranger's file, safe on one line of a terminal."""
    clean = "".join(c if c.isprintable() else "?" for c in text)
    return clean if len(clean) <= limit else clean[:limit] + "..."


def _open_below(base: Path, relative: str, directory: bool = False) -> int | None:
    """A descriptor of base/relative (a file, or a folder if `directory`) opened with no link
    followed below `base` (a real path), or None when nothing of that kind is there. A link,
    or a FIFO, device or socket where a file belongs, is refused without being read or waited on."""
    parts = [part for part in relative.split("/") if part]
    try:
        folder = os.open(base, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC)
    except (FileNotFoundError, NotADirectoryError):
        return None
    try:
        for index, part in enumerate(parts):
            last = index == len(parts) - 1
            opened = _open_step(part, folder, os.O_NONBLOCK if last and not directory else os.O_DIRECTORY,
                                base.joinpath(*parts[:index + 1]))
            os.close(folder)
            folder = opened
            if folder is None:
                return None
        mode = os.fstat(folder).st_mode
    except BaseException:
        if folder is not None:
            os.close(folder)
        raise
    if stat.S_ISDIR(mode) if directory else stat.S_ISREG(mode):
        return folder
    os.close(folder)
    if not stat.S_ISDIR(mode) and not stat.S_ISREG(mode):
        raise _Refused(base / relative, "a plain file", "a FIFO, device or socket", "Remove it")
    return None


def _open_step(name: str, folder: int, kind: int, shown: Path) -> int | None:
    """One component, opened without following a link; None if it is missing or not a folder
    where one is needed."""
    try:
        return os.open(name, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC | kind, dir_fd=folder)
    except FileNotFoundError:
        return None
    except OSError as error:
        if error.errno not in (errno.ELOOP, errno.ENOTDIR):
            raise
        try:
            link = stat.S_ISLNK(os.lstat(name, dir_fd=folder).st_mode)
        except OSError:
            link = False
        if link:
            raise _Refused(shown, "plain files and folders", "a link; pnp follows no link in a repository",
                           "Replace the link with what it names") from None
        return None


def _read_below(base: Path, relative: str, limit: int) -> bytes | None:
    """The file's bytes, at most `limit` of them, or None when there is no such file."""
    descriptor = _open_below(base, relative)
    if descriptor is None:
        return None
    with os.fdopen(descriptor, "rb") as file:
        data = file.read(limit + 1)
    if len(data) > limit:
        raise _Refused(base / relative, f"a file of at most {limit:,} bytes", "a larger one")
    return data


def _real_folder(path: Path) -> bool:
    try:
        return stat.S_ISDIR(os.lstat(path).st_mode)
    except OSError:
        return False


@dataclass(frozen=True)
class Repository:
    """The git repository holding the project: its git folder and common folder (real paths,
    inside the project or a work tree enclosing it) and the project's folder in its work tree."""

    git_dir: Path
    common_dir: Path
    prefix: tuple
    shown: str


def find_repository(root: Path, revision: str) -> Repository:
    """The repository whose work tree holds the project folder (a real path), as git finds it:
    the nearest `.git`, in the project folder or above. Its git folder must lie inside the
    project or inside a work tree enclosing it (a folder above with a `.git` folder of its own):
    a `.git` file or link naming a folder elsewhere is refused."""
    work_trees = [root, *(folder for folder in root.parents if _real_folder(folder / ".git"))]
    for top in (root, *root.parents):
        entry = top / ".git"
        try:
            status = os.lstat(entry)
        except OSError:
            continue
        try:
            git_dir = _git_dir(entry, status, top, work_trees)
            common_dir = _common_dir(git_dir, work_trees)
        except _Refused as refused:
            raise refused.error(root) from None
        except (OSError, RuntimeError) as error:
            raise DataError([Problem(_shown(root, entry), None, "(git)", "a git folder pnp can open",
                                     _printable(str(error)), "Remove it, or reprint with --cards")]) from None
        return Repository(git_dir, common_dir, root.relative_to(top).parts, _shown(root, git_dir))
    raise UsageError(f"--changed-since {revision}: {root} is not in a git repository")


def _inside(path: Path, folders: list) -> bool:
    return any(path == folder or path.is_relative_to(folder) for folder in folders)


def _git_dir(entry: Path, status, top: Path, work_trees: list) -> Path:
    """The git folder a `.git` entry names: itself, what its link names, or its `gitdir:` line."""
    if stat.S_ISDIR(status.st_mode):
        return entry
    if stat.S_ISLNK(status.st_mode):
        target = entry.resolve()
        said = f"a link to {_printable(str(target))}"
    elif stat.S_ISREG(status.st_mode):
        text = (_read_below(top, ".git", GIT_POINTER_BYTES) or b"").decode("utf-8", "replace").strip()
        if not text.startswith("gitdir:"):
            raise _Refused(entry, "a `.git` folder, or a file saying `gitdir: FOLDER`",
                           f"{_printable(text) or 'nothing'!r}", "Remove it, or reprint with --cards")
        target = (top / text.removeprefix("gitdir:").strip()).resolve()
        said = f"`gitdir: {_printable(str(target))}`"
    else:
        raise _Refused(entry, "a `.git` folder", "a FIFO, device or socket", "Remove it")
    if not _inside(target, work_trees):
        raise _Refused(entry, "a git folder inside the project or the work tree enclosing it",
                       f"{said}, outside them", OUTSIDE_FIX)
    if not _real_folder(target):
        raise _Refused(entry, "a git folder", f"{said}, not a folder",
                       "Remove it, or reprint with --cards")
    return target


def _common_dir(git_dir: Path, work_trees: list) -> Path:
    """Where a worktree's shared refs and objects are (its `commondir`), held to the same place."""
    text = _read_below(git_dir, "commondir", GIT_POINTER_BYTES)
    if text is None:
        return git_dir
    common = (git_dir / text.decode("utf-8", "replace").strip()).resolve()
    if not _inside(common, work_trees) or not _real_folder(common):
        raise _Refused(git_dir / "commondir", "a git folder inside the project or the work tree enclosing it",
                       f"one naming {_printable(str(common))}", OUTSIDE_FIX)
    return common


class _Refs:
    """The repository's references (HEAD, branches, tags, remotes) from files pnp opens itself."""

    def __init__(self, repository: Repository):
        self.repository = repository
        self._packed = None

    def commit_id(self, name: str) -> str | None:
        """The object id a reference name leads to, following `ref:` lines; None if none does."""
        for _ in range(SYMBOLIC_REF_DEPTH + 1):
            if not _reference_name(name):
                return None
            value = self._loose(name) or self._packed_refs().get(name)
            if value is None or not value.startswith("ref:"):
                return value
            name = value.removeprefix("ref:").strip()
        raise _Refused(self.repository.git_dir / "HEAD", "references leading to a commit",
                       "a loop of `ref:` lines")

    def _loose(self, name: str) -> str | None:
        shared = name.startswith("refs/") and not name.startswith(PER_WORKTREE_REFS)
        base = self.repository.common_dir if shared else self.repository.git_dir
        data = _read_below(base, name, GIT_POINTER_BYTES)
        if data is None:
            return None
        line = data.decode("utf-8", "replace").split("\n", 1)[0].strip()
        if line.startswith("ref:") or FULL_ID.fullmatch(line):
            return line
        raise _Refused(base / name, "a reference: an object id or `ref: NAME`", "something else")

    def _packed_refs(self) -> dict:
        if self._packed is None:
            data = _read_below(self.repository.common_dir, "packed-refs", MAX_FILE_BYTES) or b""
            self._packed = {}
            for line in data.decode("utf-8", "replace").splitlines():
                value, _, name = line.partition(" ")
                if FULL_ID.fullmatch(value):
                    self._packed.setdefault(name.strip(), value)
        return self._packed


def _reference_name(name: str) -> bool:
    from dulwich.refs import check_ref_format

    return name == "HEAD" or (name.startswith("refs/") and check_ref_format(name.encode()))


def _candidate_refs(name: str) -> list[str]:
    """The references a name may mean, in git's order."""
    if name in ("HEAD", "@"):
        return ["HEAD"]
    return [name, f"refs/{name}", f"refs/tags/{name}", f"refs/heads/{name}", f"refs/remotes/{name}",
            f"refs/remotes/{name}/HEAD"]


@dataclass
class _PackFile:
    path: Path
    pack: object
    mapped: mmap.mmap


class _Objects:
    """The repository's objects, packed and loose, read through descriptors pnp opened itself.
    Each object's size, and that of every delta it is built from, is checked before anything
    is inflated; all objects read count toward MAX_REVISION_BYTES."""

    def __init__(self, common_dir: Path):
        self.base = common_dir
        self.folder = common_dir / "objects"
        self.read = 0
        self.packs: list[_PackFile] = []
        self._files: list = []
        try:
            self._refuse_alternates()
            self._open_packs()
        except BaseException:
            self.close()
            raise

    def close(self) -> None:
        for packed in self.packs:
            packed.pack.close()
            packed.mapped.close()
        for file in self._files:
            file.close()

    def _refuse_alternates(self) -> None:
        data = _read_below(self.base, "objects/info/alternates", GIT_POINTER_BYTES * 16)
        lines = [line for line in (data or b"").splitlines() if line.strip() and not line.startswith(b"#")]
        if lines:
            raise _Refused(self.folder / "info" / "alternates", "a repository holding its own objects",
                           "a list of other folders to take objects from",
                           "Run `git repack -a -d` and delete objects/info/alternates, or reprint with --cards")

    def _open(self, relative: str):
        descriptor = _open_below(self.base, f"objects/{relative}")
        if descriptor is None:
            raise _Refused(self.folder / relative, "a file", "nothing there")
        file = os.fdopen(descriptor, "rb")
        self._files.append(file)
        return file

    def _open_packs(self) -> None:
        from dulwich.object_format import SHA1
        from dulwich.pack import Pack, PackData, load_pack_index_file

        listing = _open_below(self.base, "objects/pack", directory=True)
        if listing is None:
            return
        try:
            names = set(os.listdir(listing))
        finally:
            os.close(listing)
        for name in sorted(names):
            stem = name.removesuffix(".pack")
            if stem == name or f"{stem}.idx" not in names:
                continue
            data, index = self._open(f"pack/{name}"), self._open(f"pack/{stem}.idx")
            path = self.folder / "pack" / name
            if os.fstat(data.fileno()).st_size < PACK_HEADER_BYTES:
                raise _Refused(path, "a pack of git objects", "a file too short for one")
            mapped = mmap.mmap(data.fileno(), 0, access=mmap.ACCESS_READ)
            pack = Pack.from_objects(PackData(str(path), SHA1, file=data),
                                     load_pack_index_file(str(path), index, SHA1))
            self.packs.append(_PackFile(path, pack, mapped))

    def has(self, sha: str) -> bool:
        if self._packed(sha) is not None:
            return True
        descriptor = _open_below(self.base, f"objects/{sha[:2]}/{sha[2:]}")
        if descriptor is not None:
            os.close(descriptor)
        return descriptor is not None

    def with_prefix(self, prefix: str) -> set[str]:
        """The ids of the objects that begin with these hex digits."""
        found = set()
        for packed in self.packs:
            for raw in packed.pack.index.iter_prefix(bytes.fromhex(prefix[:len(prefix) // 2 * 2])):
                if raw.hex().startswith(prefix):
                    found.add(raw.hex())
        listing = _open_below(self.base, f"objects/{prefix[:2]}", directory=True)
        if listing is not None:
            try:
                found.update(prefix[:2] + name for name in os.listdir(listing)
                             if len(name) == 38 and (prefix[:2] + name).startswith(prefix))
            finally:
                os.close(listing)
        return found

    def get(self, sha: str, kind=None):
        """The object (a dulwich Commit, Tree, Blob or Tag), its id verified, of the kind asked."""
        from dulwich.objects import ShaFile, Tree

        if sha == EMPTY_TREE_ID and kind in (None, Tree) and not self.has(sha):
            return Tree()
        packed = self._packed(sha)
        if packed is not None:
            self._packed_size(*packed)
            type_number, data = packed[0].pack.get_raw(bytes.fromhex(sha))
        else:
            type_number, data = self._loose(sha)
        self.read += len(data)
        if self.read > MAX_REVISION_BYTES:
            raise _Refused(self.folder, f"at most {MAX_REVISION_BYTES:,} bytes of objects read for one "
                           "revision (MAX_REVISION_BYTES)", "more", "Reprint with --cards")
        found = ShaFile.from_raw_string(type_number, data, verify_sha=sha.encode())
        if kind is not None and not isinstance(found, kind):
            raise _Refused(self.folder, f"object {sha} to be a {kind.type_name.decode()}",
                           f"a {found.type_name.decode()}")
        return found

    def _packed(self, sha: str) -> tuple | None:
        for packed in self.packs:
            try:
                return packed, packed.pack.index.object_offset(bytes.fromhex(sha))
            except KeyError:
                continue
        return None

    def _bound(self, size: int, path: Path) -> None:
        if size > MAX_FILE_BYTES:
            raise _Refused(path, f"objects of at most {MAX_FILE_BYTES:,} bytes (MAX_FILE_BYTES)",
                           f"one of {size:,} bytes", "Keep the project's files within the limit, or reprint "
                           "with --cards")

    def _packed_size(self, packed: _PackFile, offset: int) -> None:
        """Refuse a packed object larger than MAX_FILE_BYTES, or built from a delta, a base or
        an intermediate that is, or from more than MAX_DELTA_DEPTH deltas, reading only headers."""
        for _ in range(MAX_DELTA_DEPTH + 1):
            kind, size, base, start = _pack_entry(packed.mapped, offset)
            self._bound(size, packed.path)
            if kind not in (OFS_DELTA, REF_DELTA):
                return
            for declared in _delta_sizes(packed.mapped, start):
                self._bound(declared, packed.path)
            offset = base if kind == OFS_DELTA else packed.pack.index.object_offset(base)
        raise _Refused(packed.path, f"objects built from at most {MAX_DELTA_DEPTH:,} deltas (MAX_DELTA_DEPTH)",
                       "a longer chain", "Run `git repack -a -d -f` there, or reprint with --cards")

    def _loose(self, sha: str) -> tuple[int, bytes]:
        """A loose object's type and contents, inflated no further than MAX_FILE_BYTES."""
        path = self.folder / sha[:2] / sha[2:]
        compressed = _read_below(self.base, f"objects/{sha[:2]}/{sha[2:]}", LOOSE_OBJECT_BYTES)
        if compressed is None:
            raise _Refused(self.folder, f"object {sha}", "nothing: the repository does not hold it",
                           "Fetch the whole history (a shallow clone lacks it), or reprint with --cards")
        inflater = zlib.decompressobj()
        header, separator, body = inflater.decompress(compressed, LOOSE_HEADER_BYTES).partition(b"\0")
        name, _, size = header.partition(b" ")
        if not separator or name not in OBJECT_TYPES or not size.isdigit():
            raise _Refused(path, "a git object", "a damaged one")
        self._bound(int(size), path)
        wanted = int(size) + 1 - len(body)
        if wanted > 0:
            body += inflater.decompress(inflater.unconsumed_tail, wanted)
        if len(body) != int(size):
            raise _Refused(path, "a git object", "a damaged one")
        return OBJECT_TYPES[name], body


def _pack_entry(mapped, offset: int) -> tuple[int, int, object, int]:
    """A pack entry's type, inflated size, base (an offset, or an id for a REF_DELTA) and
    where its compressed data begins."""
    def byte(at: int) -> int:
        if not PACK_HEADER_BYTES <= at < len(mapped):
            raise ValueError("a pack entry past the end of its pack")
        return mapped[at]

    first = byte(offset)
    kind, size, shift, at = (first >> 4) & 7, first & 15, 4, offset + 1
    while first & 0x80:
        if shift > 60:
            raise ValueError("a pack entry's size never ends")
        first = byte(at)
        size, shift, at = size | (first & 0x7F) << shift, shift + 7, at + 1
    if kind == OFS_DELTA:
        current = byte(at)
        distance, at = current & 0x7F, at + 1
        while current & 0x80:
            if distance > len(mapped):
                raise ValueError("a delta base before the start of its pack")
            current = byte(at)
            distance, at = ((distance + 1) << 7) | (current & 0x7F), at + 1
        if not 0 < distance <= offset - PACK_HEADER_BYTES:
            raise ValueError("a delta base outside its pack")
        return kind, size, offset - distance, at
    if kind == REF_DELTA:
        byte(at + 19)
        return kind, size, bytes(mapped[at:at + 20]), at + 20
    if kind not in OBJECT_TYPES.values():
        raise ValueError(f"a pack entry of unknown type {kind}")
    return kind, size, None, at


def _delta_sizes(mapped, start: int) -> tuple[int, int]:
    """The sizes a delta declares for its base and its result, from its first inflated bytes."""
    head = zlib.decompressobj().decompress(bytes(mapped[start:start + DELTA_HEADER_PEEK]), 32)
    base, at = _varint(head, 0)
    result, _ = _varint(head, at)
    return base, result


def _varint(data: bytes, at: int) -> tuple[int, int]:
    value, shift = 0, 0
    while True:
        if at >= len(data) or shift > 60:
            raise ValueError("a delta whose sizes cannot be read")
        current = data[at]
        value, shift, at = value | (current & 0x7F) << shift, shift + 7, at + 1
        if not current & 0x80:
            return value, at


def _damage() -> tuple:
    """What dulwich and zlib raise on a damaged repository (all said as one line)."""
    from dulwich.errors import (ApplyDeltaError, ChecksumMismatch, FileFormatException, ObjectMissing,
                                WrongObjectException)
    from dulwich.pack import PackFileDisappeared, UnresolvedDeltas

    return (ValueError, LookupError, AssertionError, ArithmeticError, OSError, RuntimeError, zlib.error,
            struct.error, ApplyDeltaError, ChecksumMismatch, FileFormatException, ObjectMissing,
            WrongObjectException, PackFileDisappeared, UnresolvedDeltas)


class _GitRevision:
    """One revision of the repository, read as files are needed: no git program, no config."""

    def __init__(self, repository: Repository):
        self.repository = repository
        self.refs = _Refs(repository)
        self.objects = _Objects(repository.common_dir)
        self.files = 0

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.objects.close()

    def commit(self, revision: str) -> str:
        """The id of the commit REV names."""
        match = REVISION.fullmatch(revision)
        if not match:
            raise UsageError(f"--changed-since {revision}: expected a git revision: {REVISION_FORMS}")
        commit = self._peeled(self._named(match["base"], revision), revision)
        for step in STEP.finditer(match["steps"]):
            if step["peel"]:
                continue
            count = int(step["count"]) if step["count"] else 1
            if step["operator"] == "~":
                for _ in range(count):
                    commit = self._parent(commit, 1, revision)
            elif count:
                commit = self._parent(commit, count, revision)
        return commit

    def _parent(self, commit: str, number: int, revision: str) -> str:
        from dulwich.objects import Commit

        parents = self.objects.get(commit, Commit).parents
        if len(parents) < number:
            raise UsageError(f"--changed-since {revision}: commit {commit[:12]} has no "
                             + ("parent" if number == 1 else f"parent number {number}"))
        return parents[number - 1].decode("ascii")

    def _named(self, base: str, revision: str) -> str:
        """The object a name means, as git reads it: a full id, a reference, a short id."""
        lowered = base.lower()
        if FULL_ID.fullmatch(lowered) and self.objects.has(lowered):
            return lowered
        for name in _candidate_refs(base):
            found = self.refs.commit_id(name)
            if found:
                return found
        if SHORT_ID.fullmatch(lowered):
            from dulwich.objects import Commit, Tag

            matches = [sha for sha in sorted(self.objects.with_prefix(lowered))
                       if isinstance(self.objects.get(sha), (Commit, Tag))]
            if len(matches) > 1:
                raise UsageError(f"--changed-since {revision}: {len(matches)} commits begin with {base}; "
                                 "give more of its digits")
            if matches:
                return matches[0]
        raise UsageError(f"--changed-since {revision}: the repository has no such revision; expected "
                         f"{REVISION_FORMS}")

    def _peeled(self, sha: str, revision: str) -> str:
        """The commit a tag (or a tag of a tag) names."""
        from dulwich.objects import Commit, Tag

        for _ in range(TAG_DEPTH):
            found = self.objects.get(sha)
            if isinstance(found, Commit):
                return sha
            if not isinstance(found, Tag):
                raise UsageError(f"--changed-since {revision}: names a {found.type_name.decode()}, not a commit")
            sha = found.object[1].decode("ascii")
        raise UsageError(f"--changed-since {revision}: a tag of a tag of ... that never reaches a commit")

    def folder(self, commit: str, parts: tuple) -> str | None:
        """The tree of a folder of the commit, by its path; None when it is not there."""
        from dulwich.objects import Commit, Tree

        tree = self.objects.get(commit, Commit).tree.decode("ascii")
        for part in parts:
            entries = self.objects.get(tree, Tree)
            if part.encode() not in entries:
                return None
            mode, sha = entries[part.encode()]
            if not stat.S_ISDIR(mode):
                return None
            tree = sha.decode("ascii")
        return tree

    def write(self, tree: str, target: Path) -> None:
        """The folder's files, as stored, into target (links and submodules left out)."""
        from dulwich.objects import Blob, Tree

        pending = [(tree, target)]
        _create(target)
        while pending:
            sha, folder = pending.pop()
            for entry in self.objects.get(sha, Tree).iteritems():
                path = folder / _entry_name(entry.path, self.objects.folder)
                if stat.S_ISDIR(entry.mode):
                    self._count()
                    _create(path)
                    pending.append((entry.sha.decode("ascii"), path))
                elif stat.S_ISREG(entry.mode):
                    self._count()
                    _create(path, self.objects.get(entry.sha.decode("ascii"), Blob).as_raw_string())

    def _count(self) -> None:
        self.files += 1
        if self.files > MAX_REVISION_FILES:
            raise _Refused(self.objects.folder, f"at most {MAX_REVISION_FILES:,} files and folders read for one "
                           "revision (MAX_REVISION_FILES)", "more", "Reprint with --cards")


def _create(path: Path, data: bytes | None = None) -> None:
    """A folder (or, with data, a file) of the old game in the temporary folder: a full disk is
    said as such, not as a damaged repository."""
    try:
        if data is None:
            path.mkdir(parents=True, exist_ok=True)
        else:
            with open(path, "xb") as file:
                file.write(data)
    except OSError as error:
        raise UsageError(f"--changed-since: cannot write the game as it was into {path.parent}: "
                         f"{error.strerror or error}") from None


def _entry_name(raw: bytes, where: Path) -> str:
    """A file name from a tree, refused when it could lead out of its folder."""
    if raw in (b"", b".", b"..") or b"/" in raw or b"\0" in raw:
        raise _Refused(where, "file names within their folder", f"the name {_printable(repr(raw))}")
    return os.fsdecode(raw)


def tree_at(project: Project, revision: str, game_key: str, target: Path) -> bool:
    """The project's card_data/GAME, layouts/ and fonts/ as they were at the revision, written
    into target; False when the game did not exist then. No git program runs (see above)."""
    if revision.startswith("-") or not revision.strip():
        raise UsageError(f"--changed-since {revision!r}: expected a git revision: {REVISION_FORMS}")
    root = project.root
    repository = find_repository(root, revision)
    wanted = (("card_data", game_key), ("layouts",), ("fonts",))
    with stage(repository.shown, f"reading the game as it was at {revision}", REVISION_SECONDS, "REVISION_SECONDS"):
        try:
            with _GitRevision(repository) as git:
                commit = git.commit(revision)
                trees = {parts: git.folder(commit, (*repository.prefix, *parts)) for parts in wanted}
                if trees[wanted[0]] is None:
                    return False
                for parts, tree in trees.items():
                    if tree is not None:
                        git.write(tree, target.joinpath(*parts))
        except _Refused as refused:
            raise refused.error(root) from None
        except _damage() as error:
            raise DataError([Problem(repository.shown, None, "(git)", "a repository git can read",
                                     f"a damaged one ({type(error).__name__})", NOT_READ_FIX)]) from None
    for folder in ("card_data", "layouts", "fonts"):
        (target / folder).mkdir(exist_ok=True)
    return True
