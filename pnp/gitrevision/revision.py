"""One revision of the project, read as its files are needed: a revision named as git names it,
followed to its commit, and the game's folders written out as they were."""

import os
import re
import stat
import struct
import zlib
from pathlib import Path

from pnp.contained import stage
from pnp.errors import DataError, Problem, UsageError
from pnp.gitrevision.objects import Objects
from pnp.gitrevision.reading import NOT_READ_FIX, Refused, printable
from pnp.gitrevision.refs import FULL_ID, Refs, candidate_refs
from pnp.gitrevision.repository import Repository, find_repository
from pnp.limits import MAX_REVISION_FILES, REVISION_SECONDS
from pnp.project import Project


TAG_DEPTH = 10                     # tags of tags followed to a commit
REVISION_FORMS = ("a tag, a branch, HEAD or a commit id (at least its first 4 hex digits), each optionally "
                  "followed by ~N (N generations back) or ^N (its Nth parent)")
REVISION = re.compile(r"(?P<base>[^\s~^:?*\[\\]+)(?P<steps>(?:~[0-9]{0,6}|\^[0-9]{0,6}|\^\{(?:commit)?\})*)")
STEP = re.compile(r"(?P<operator>[~^])(?P<count>[0-9]*)(?P<peel>\{(?:commit)?\})?")
SHORT_ID = re.compile(r"[0-9a-f]{4,39}")


def _damage() -> tuple:
    """What dulwich and zlib raise on a damaged repository (all said as one line)."""
    from dulwich.errors import (ApplyDeltaError, ChecksumMismatch, FileFormatException, ObjectMissing,
                                WrongObjectException)
    from dulwich.pack import PackFileDisappeared, UnresolvedDeltas

    return (ValueError, LookupError, AssertionError, ArithmeticError, OSError, RuntimeError, zlib.error,
            struct.error, ApplyDeltaError, ChecksumMismatch, FileFormatException, ObjectMissing,
            WrongObjectException, PackFileDisappeared, UnresolvedDeltas)


class GitRevision:
    """One revision of the repository, read as files are needed: no git program, no config."""

    def __init__(self, repository: Repository):
        self.repository = repository
        self.refs = Refs(repository)
        self.objects = Objects(repository.common_dir)
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
        for name in candidate_refs(base):
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
            raise Refused(self.objects.folder, f"at most {MAX_REVISION_FILES:,} files and folders read for one "
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
        raise Refused(where, "file names within their folder", f"the name {printable(repr(raw))}")
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
            with GitRevision(repository) as git:
                commit = git.commit(revision)
                trees = {parts: git.folder(commit, (*repository.prefix, *parts)) for parts in wanted}
                if trees[wanted[0]] is None:
                    return False
                for parts, tree in trees.items():
                    if tree is not None:
                        git.write(tree, target.joinpath(*parts))
        except Refused as refused:
            raise refused.error(root) from None
        except _damage() as error:
            raise DataError([Problem(repository.shown, None, "(git)", "a repository git can read",
                                     f"a damaged one ({type(error).__name__})", NOT_READ_FIX)]) from None
    for folder in ("card_data", "layouts", "fonts"):
        (target / folder).mkdir(exist_ok=True)
    return True
