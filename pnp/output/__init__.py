"""The output folders: where a build goes, and writing it there all or nothing.

A build is written into a staging folder beside its folder and swapped in at the end, under a
lock beside the folder. Every folder on the way is opened with no link followed
(pnp.atomic.open_folder) and everything after happens relative to it, so a link shipped in
output/ (or swapped in halfway) is refused, never followed. A refused or failed build leaves
nothing new: the folder is checked before anything is made (`check_out_folder`), and the
staging folder, the lock and any folder made on the way are removed when the build fails, or
by the supervising parent when it is killed (pnp.contained.made).

- folders: where each build goes, and refusing a folder before anything is made;
- locks: one build at a time into a folder;
- manifest: what a build wrote, and whether a folder already holds this build;
- writing: the staging folder, written and swapped in.
"""

from pnp.output.folders import (DUPLEX_FOLDERS, DUPLEX_MODES, MANIFEST, check_out_folder, check_writable,
                                output_folder, project_output)
from pnp.output.locks import build_lock, lock_name
from pnp.output.manifest import BuildReport, BuiltFile, manifest_text, sealed, up_to_date
from pnp.output.writing import write_outputs

__all__ = ["DUPLEX_FOLDERS", "DUPLEX_MODES", "MANIFEST", "BuildReport", "BuiltFile", "build_lock",
           "check_out_folder", "check_writable", "lock_name", "manifest_text", "output_folder",
           "project_output", "sealed", "up_to_date", "write_outputs"]
