"""The repository's references (HEAD, branches, tags, remotes), read as git reads them."""

import re

from pnp.gitrevision.reading import GIT_POINTER_BYTES, Refused, read_below
from pnp.gitrevision.repository import Repository
from pnp.limits import MAX_FILE_BYTES


SYMBOLIC_REF_DEPTH = 5             # `ref:` lines followed, as git does
FULL_ID = re.compile(r"[0-9a-f]{40}")
PER_WORKTREE_REFS = ("refs/bisect/", "refs/worktree/", "refs/rewritten/")


class Refs:
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
        raise Refused(self.repository.git_dir / "HEAD", "references leading to a commit",
                      "a loop of `ref:` lines")

    def _loose(self, name: str) -> str | None:
        shared = name.startswith("refs/") and not name.startswith(PER_WORKTREE_REFS)
        base = self.repository.common_dir if shared else self.repository.git_dir
        data = read_below(base, name, GIT_POINTER_BYTES)
        if data is None:
            return None
        line = data.decode("utf-8", "replace").split("\n", 1)[0].strip()
        if line.startswith("ref:") or FULL_ID.fullmatch(line):
            return line
        raise Refused(base / name, "a reference: an object id or `ref: NAME`", "something else")

    def _packed_refs(self) -> dict:
        if self._packed is None:
            data = read_below(self.repository.common_dir, "packed-refs", MAX_FILE_BYTES) or b""
            self._packed = {}
            for line in data.decode("utf-8", "replace").splitlines():
                value, _, name = line.partition(" ")
                if FULL_ID.fullmatch(value):
                    self._packed.setdefault(name.strip(), value)
        return self._packed


def _reference_name(name: str) -> bool:
    from dulwich.refs import check_ref_format

    return name == "HEAD" or (name.startswith("refs/") and check_ref_format(name.encode()))


def candidate_refs(name: str) -> list[str]:
    """The references a name may mean, in git's order."""
    if name in ("HEAD", "@"):
        return ["HEAD"]
    return [name, f"refs/{name}", f"refs/tags/{name}", f"refs/heads/{name}", f"refs/remotes/{name}",
            f"refs/remotes/{name}/HEAD"]
