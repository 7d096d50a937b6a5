"""The repository's objects, packed and loose, each object's size (and that of every delta it
is built from) checked from its headers before anything is inflated."""

import mmap
import os
import zlib
from dataclasses import dataclass
from pathlib import Path

from pnp.gitrevision.reading import GIT_POINTER_BYTES, Refused, open_below, read_below
from pnp.limits import MAX_DELTA_DEPTH, MAX_FILE_BYTES, MAX_REVISION_BYTES


EMPTY_TREE_ID = "4b825dc642cb6eb9a060e54bf8d69288fbee4904"   # git knows it without storing it
OBJECT_TYPES = {b"commit": 1, b"tree": 2, b"blob": 3, b"tag": 4}
OFS_DELTA, REF_DELTA = 6, 7
PACK_HEADER_BYTES = 12
LOOSE_OBJECT_BYTES = MAX_FILE_BYTES + MAX_FILE_BYTES // 100 + 1024   # deflate adds at most this
LOOSE_HEADER_BYTES = 32           # "commit 4000000\0", with room to spare
DELTA_HEADER_PEEK = 1024           # compressed bytes enough to inflate a delta's two size fields


@dataclass
class PackFile:
    path: Path
    pack: object
    mapped: mmap.mmap


class Objects:
    """The repository's objects, packed and loose, read through descriptors pnp opened itself.
    Each object's size, and that of every delta it is built from, is checked before anything
    is inflated; all objects read count toward MAX_REVISION_BYTES."""

    def __init__(self, common_dir: Path):
        self.base = common_dir
        self.folder = common_dir / "objects"
        self.read = 0
        self.packs: list[PackFile] = []
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
        data = read_below(self.base, "objects/info/alternates", GIT_POINTER_BYTES * 16)
        lines = [line for line in (data or b"").splitlines() if line.strip() and not line.startswith(b"#")]
        if lines:
            raise Refused(self.folder / "info" / "alternates", "a repository holding its own objects",
                          "a list of other folders to take objects from",
                          "Run `git repack -a -d` and delete objects/info/alternates, or reprint with --cards")

    def _open(self, relative: str):
        descriptor = open_below(self.base, f"objects/{relative}")
        if descriptor is None:
            raise Refused(self.folder / relative, "a file", "nothing there")
        file = os.fdopen(descriptor, "rb")
        self._files.append(file)
        return file

    def _open_packs(self) -> None:
        from dulwich.object_format import SHA1
        from dulwich.pack import Pack, PackData, load_pack_index_file

        listing = open_below(self.base, "objects/pack", directory=True)
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
                raise Refused(path, "a pack of git objects", "a file too short for one")
            mapped = mmap.mmap(data.fileno(), 0, access=mmap.ACCESS_READ)
            pack = Pack.from_objects(PackData(str(path), SHA1, file=data),
                                     load_pack_index_file(str(path), index, SHA1))
            self.packs.append(PackFile(path, pack, mapped))

    def has(self, sha: str) -> bool:
        if self._packed(sha) is not None:
            return True
        descriptor = open_below(self.base, f"objects/{sha[:2]}/{sha[2:]}")
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
        listing = open_below(self.base, f"objects/{prefix[:2]}", directory=True)
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
            raise Refused(self.folder, f"at most {MAX_REVISION_BYTES:,} bytes of objects read for one "
                          "revision (MAX_REVISION_BYTES)", "more", "Reprint with --cards")
        found = ShaFile.from_raw_string(type_number, data, verify_sha=sha.encode())
        if kind is not None and not isinstance(found, kind):
            raise Refused(self.folder, f"object {sha} to be a {kind.type_name.decode()}",
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
            raise Refused(path, f"objects of at most {MAX_FILE_BYTES:,} bytes (MAX_FILE_BYTES)",
                          f"one of {size:,} bytes", "Keep the project's files within the limit, or reprint "
                          "with --cards")

    def _packed_size(self, packed: PackFile, offset: int) -> None:
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
        raise Refused(packed.path, f"objects built from at most {MAX_DELTA_DEPTH:,} deltas (MAX_DELTA_DEPTH)",
                      "a longer chain", "Run `git repack -a -d -f` there, or reprint with --cards")

    def _loose(self, sha: str) -> tuple[int, bytes]:
        """A loose object's type and contents, inflated no further than MAX_FILE_BYTES."""
        path = self.folder / sha[:2] / sha[2:]
        compressed = read_below(self.base, f"objects/{sha[:2]}/{sha[2:]}", LOOSE_OBJECT_BYTES)
        if compressed is None:
            raise Refused(self.folder, f"object {sha}", "nothing: the repository does not hold it",
                          "Fetch the whole history (a shallow clone lacks it), or reprint with --cards")
        inflater = zlib.decompressobj()
        header, separator, body = inflater.decompress(compressed, LOOSE_HEADER_BYTES).partition(b"\0")
        name, _, size = header.partition(b" ")
        if not separator or name not in OBJECT_TYPES or not size.isdigit():
            raise Refused(path, "a git object", "a damaged one")
        self._bound(int(size), path)
        wanted = int(size) + 1 - len(body)
        if wanted > 0:
            body += inflater.decompress(inflater.unconsumed_tail, wanted)
        if len(body) != int(size):
            raise Refused(path, "a git object", "a damaged one")
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
