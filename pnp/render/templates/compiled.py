"""Compiled layouts kept between runs: each process of a check or a build would otherwise
compile every layout again (a third of `pnp check`'s own time).

Jinja's bytecode cache, keyed by the template's name and source (not its project's location, so
copies of a project share them), the environment's settings that change the code it compiles and
pnp's template code; stored in the user's cache folder and signed with the user's secret like
every entry there (pnp.user_cache): code from a shipped folder is never loaded. PNP_CACHE=off
compiles everything afresh."""

import hashlib
from functools import lru_cache
from pathlib import Path
from types import CodeType

from jinja2 import BytecodeCache
from jinja2.bccache import Bucket

FOLDER = "templates"


@lru_cache(maxsize=1)
def _template_code() -> str:
    """pnp's template code (the sandbox, its extensions and settings): part of every key."""
    digest = hashlib.sha256()
    for path in sorted(Path(__file__).parent.glob("*.py")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def _named(code: CodeType, filename: str) -> CodeType:
    """`code` (and the code inside it) as compiled from `filename`: a compiled layout kept from
    another copy of the project names that copy's file, and a fault's layout line is read from
    the file a frame names (pnp.render.templates.rendering.template_line)."""
    consts = tuple(_named(const, filename) if isinstance(const, CodeType) else const for const in code.co_consts)
    return code.replace(co_filename=filename, co_consts=consts)


class CompiledTemplates(BytecodeCache):
    def __init__(self, settings: str):
        self.settings = settings

    def get_bucket(self, environment, name: str, filename: str | None, source: str) -> Bucket:
        bucket = super().get_bucket(environment, name, filename, source)
        if bucket.code is not None and filename and bucket.code.co_filename != filename:
            bucket.code = _named(bucket.code, filename)
        return bucket

    def get_cache_key(self, name: str, filename: str | None = None) -> str:
        return hashlib.sha256(name.encode()).hexdigest()

    def _entry(self, bucket: Bucket) -> tuple[Path, str]:
        from pnp.user_cache import user_folder

        key = f"jinja {bucket.key} {bucket.checksum} {self.settings} {_template_code()}"
        return user_folder() / FOLDER / f"{hashlib.sha256(key.encode()).hexdigest()}.bin", key

    def load_bytecode(self, bucket: Bucket) -> None:
        from pnp.user_cache import enabled, read_signed, secret

        if not enabled() or secret() is None:
            return
        path, key = self._entry(bucket)
        data = read_signed(path, key) if path.is_file() else None
        if data is not None:
            bucket.bytecode_from_string(data)

    def dump_bytecode(self, bucket: Bucket) -> None:
        from pnp.user_cache import enabled, secret, write_signed

        if not enabled() or secret() is None:
            return
        path, key = self._entry(bucket)
        write_signed(path, key, bucket.bytecode_to_string())
