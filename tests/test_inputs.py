"""The digest of what a build reads tells apart every two different sets of files."""

from pnp.inputs import folder_digest


def digest_of(tmp_path, name: str, files: dict) -> str:
    folder = tmp_path / name / "layouts"
    for relative, data in files.items():
        (folder / relative).parent.mkdir(parents=True, exist_ok=True)
        (folder / relative).write_bytes(data)
    return folder_digest(tmp_path / name, folder)


def test_files_cut_at_another_place_digest_otherwise(tmp_path):
    """A stylesheet holding what would be the next file's name and bytes is another stylesheet:
    the page cache keys pages by this digest, for every project alike."""
    one = digest_of(tmp_path, "one", {"t/a.css": b"/*\0t/b.css\0*/ body { background: red }"})
    two = digest_of(tmp_path, "two", {"t/a.css": b"/*", "t/b.css": b"*/ body { background: red }"})
    assert one != two


def test_the_same_files_digest_alike_wherever_they_are(tmp_path):
    files = {"t/a.css": b"body {}", "t/b/c.svg": b"<svg/>"}
    assert digest_of(tmp_path, "here", files) == digest_of(tmp_path, "there", files)
    assert digest_of(tmp_path, "other", {**files, "t/a.css": b"body { }"}) != digest_of(tmp_path, "again", files)
