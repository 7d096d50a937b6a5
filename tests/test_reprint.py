"""Reprints (`pnp build GAME --cards ...`, `--changed-since REV`): exactly the asked cards,
on full sheets of the paper with their backs, in their own folder."""

import shutil
import subprocess

import pikepdf
import pypdfium2 as pdfium
import pytest
import yaml

from tests.conftest import copy_project, run_pnp
from tests.pdf_measure import placements

A4_PT = (595.28, 841.89)


def names_on(path, pages) -> str:
    document = pdfium.PdfDocument(str(path))
    text = "\n".join(document[index].get_textpage().get_text_range() for index in pages)
    return text.replace("\u00a0", " ")          # a name's last two words are held by a no-break space


def deck_names(project, deck_file: str) -> dict:
    return {card["id"]: card["name"] for card in yaml.safe_load((project / "card_data" / "verset" / deck_file).read_text())}


def test_a_reprint_holds_exactly_the_asked_cards_on_full_sheets_with_backs(project_copy):
    result = run_pnp("build", "verset", "--cards", "the-stolen-horse,verses:1,A-hearts,soul-tokens:3",
                     "--project", str(project_copy))
    assert result.exit_code == 0, result.output
    folder = project_copy / "output" / "verset" / "a4-reprint"
    assert sorted(p.name for p in folder.glob("*.pdf")) == ["playing-cards.pdf", "soul-tokens.pdf", "verses.pdf"]
    verses = folder / "verses.pdf"
    pdf = pikepdf.open(verses)
    assert len(pdf.pages) == 2                                      # one sheet: its face page and back page
    assert [len(placements(page)) for page in pdf.pages] == [2, 2]
    for page in pdf.pages:
        assert [round(float(v), 2) for v in page.mediabox[2:]] == list(A4_PT)
    text = names_on(verses, [0])
    names = deck_names(project_copy, "verses.yaml")
    asked = {"the-stolen-horse", "the-unpaid-debt"}                 # verses:1 is the first card
    for ident, name in names.items():
        assert (name in text) == (ident in asked), name
    assert "reprint of 2" in text                                   # the sheet's label says so
    assert not (project_copy / "output" / "verset" / "a4").exists()  # the full build's folder is not touched


def test_a_wrong_card_is_refused_with_what_to_write(project_copy):
    for asked, words in (("the-stolen-hors", "did you mean the-stolen-horse"),
                         ("verses:99", "numbers from 1 to 20"), ("nodeck:1", "no deck 'nodeck'"),
                         (",", "name at least one card")):
        result = run_pnp("build", "verset", "--cards", asked, "--project", str(project_copy))
        assert result.exit_code == 2, (asked, result.output)
        assert words in result.output
    assert not (project_copy / "output").exists()
    both = run_pnp("build", "verset", "--cards", "verses:1", "--changed-since", "HEAD", "--project", str(project_copy))
    assert both.exit_code == 2 and "give one" in both.output
    every = run_pnp("build", "--all", "--cards", "verses:1", "--project", str(project_copy))
    assert every.exit_code == 2 and "one game" in every.output


@pytest.fixture
def repository(project_copy):
    def git(*arguments):
        subprocess.run(["git", "-C", str(project_copy), "-c", "user.email=test@example.org", "-c", "user.name=test",
                        *arguments], check=True, capture_output=True)
    git("init", "-q")
    git("add", "card_data", "layouts", "fonts")
    git("commit", "-qm", "release")
    git("tag", "v1")
    return project_copy


def reprinted(project, revision="v1") -> dict:
    result = run_pnp("build", "verset", "--changed-since", revision, "--project", str(project))
    assert result.exit_code == 0, result.output
    folder = project / "output" / "verset" / "a4-reprint"
    counts = {}
    for path in folder.glob("*.pdf"):
        with pikepdf.open(path) as pdf:
            counts[path.stem] = sum(len(placements(page)) for page in pdf.pages[0::2])
    return counts


def test_changed_since_a_release_prints_the_changed_cards_only(repository):
    verses = repository / "card_data" / "verset" / "verses.yaml"
    verses.write_text(verses.read_text().replace("name: The Stolen Horse", "name: The Borrowed Horse"))
    abilities = repository / "card_data" / "verset" / "abilities.yaml"
    first_icon = next(card["icon"] for card in yaml.safe_load(abilities.read_text()))
    shutil.copy(repository / "layouts" / "icons" / "coffin.svg", repository / "layouts" / "icons" / f"{first_icon}.svg")
    counts = reprinted(repository)
    uses = sum(card["icon"] == first_icon for card in yaml.safe_load(abilities.read_text()))
    assert counts == {"verses": 1, "abilities": uses}               # a card field; an icon redrawn
    text = names_on(repository / "output" / "verset" / "a4-reprint" / "verses.pdf", [0])
    assert "The Borrowed Horse" in text and "The Unpaid Debt" not in text


def test_a_changed_face_layout_reprints_its_whole_deck_and_nothing_else(repository):
    layout = repository / "layouts" / "verset" / "verse.html"
    mark = '<div class="trim">\n<div style="position: absolute; left: 6mm; top: 6mm; width: 2mm; height: 2mm; background: #f00; z-index: 10"></div>'
    layout.write_text(layout.read_text().replace('<div class="trim">', mark, 1))
    assert reprinted(repository) == {"verses": 20}


def test_nothing_changed_prints_nothing_and_a_bad_revision_is_refused(repository, tmp_path):
    assert reprinted(repository) == {}
    bad = run_pnp("build", "verset", "--changed-since", "v9", "--project", str(repository))
    assert bad.exit_code == 2 and "no such revision" in bad.output
    option = run_pnp("build", "verset", "--changed-since=--output=x", "--project", str(repository))
    assert option.exit_code == 2 and "expected a git revision" in option.output
    outside = tmp_path / "plain"
    shutil.copytree(repository, outside, ignore=shutil.ignore_patterns(".git"))
    not_git = run_pnp("build", "verset", "--changed-since", "v1", "--project", str(outside))
    assert not_git.exit_code == 2 and "not in a git repository" in not_git.output


def archived(root, revision: str, game: str) -> dict:
    """What `git archive` gives of the game's folders at the revision: path -> bytes."""
    import io
    import tarfile

    def git(*arguments):
        return subprocess.run(["git", "-C", str(root), *arguments], capture_output=True)
    prefix, top = git("rev-parse", "--show-prefix", "--show-toplevel").stdout.decode().split("\n")[:2]
    tree = f"{revision}:{prefix}"
    present = [path for path in (f"card_data/{game}", "layouts", "fonts")
               if git("cat-file", "-e", f"{tree}{path}").returncode == 0]
    data = subprocess.run(["git", "-C", top, "archive", "--format=tar", tree, *present], check=True,
                          capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(data)) as tar:
        return {member.name: tar.extractfile(member).read() for member in tar.getmembers() if member.isfile()}


def read_at(root, revision: str, game: str, target) -> dict:
    from pnp.project import Project
    from pnp.gitrevision import tree_at

    assert tree_at(Project.at(root), revision, game, target)
    return {path.relative_to(target).as_posix(): path.read_bytes() for path in target.rglob("*") if path.is_file()}


def test_the_revision_is_read_from_git_objects_as_git_archive_gives_it(repository, tmp_path):
    """Every form of revision, loose and packed objects, packed refs, an annotated tag: the files
    read without running git are git's own, byte for byte."""
    def git(*arguments):
        return subprocess.run(["git", "-C", str(repository), "-c", "user.email=t@example.org", "-c", "user.name=t",
                               *arguments], check=True, capture_output=True, text=True).stdout.strip()
    verses = repository / "card_data" / "verset" / "verses.yaml"
    verses.write_text(verses.read_text().replace("name: The Stolen Horse", "name: The Borrowed Horse"))
    git("commit", "-qam", "errata")
    git("tag", "-a", "v2", "-m", "second")
    git("gc", "-q")
    (repository / "layouts" / "verset" / "verse.html").write_text("<div>{{ card.name }}</div>\n")
    git("commit", "-qam", "a new face")
    branch = git("symbolic-ref", "--short", "HEAD")
    forms = ["HEAD", "HEAD~1", "HEAD^", "HEAD~2", "HEAD^^", "v1", "v2", "v2^{commit}", "v2~1", "refs/tags/v1",
             branch, git("rev-parse", "HEAD~1"), git("rev-parse", "--short=7", "HEAD~2")]
    for number, revision in enumerate(forms):
        assert read_at(repository, revision, "verset", tmp_path / str(number)) == archived(repository, revision,
                                                                                           "verset"), revision


def test_a_project_in_a_folder_of_a_repository_is_read_at_its_place(tmp_path):
    outer = tmp_path / "outer"
    project = copy_project(outer / "games" / "ours")
    (outer / "README").write_text("the outer repository\n")
    for arguments in (("init", "-q"), ("add", "-A"), ("commit", "-qm", "first")):
        subprocess.run(["git", "-C", str(outer), "-c", "user.email=t@example.org", "-c", "user.name=t", *arguments],
                       check=True, capture_output=True)
    assert read_at(project, "HEAD", "wizard", tmp_path / "read") == archived(project, "HEAD", "wizard")
    result = run_pnp("build", "wizard", "--changed-since", "HEAD~1", "--project", str(project))
    assert result.exit_code == 2 and "has no parent" in result.output
