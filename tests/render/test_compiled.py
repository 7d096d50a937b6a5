"""Compiled layouts kept between runs (pnp/render/templates/compiled.py): read back when the
layout and the settings are the same, in any copy of the project; never when the entry was
not signed by this user, or with the cache off."""

import shutil

from jinja2 import Environment

from pnp.render.templates import new_environment


def _compiles(monkeypatch, layouts, name="tiny/card.html") -> int:
    """How many times a new environment compiles `name` to render it (0: read back)."""
    counted = []
    original = Environment.compile
    monkeypatch.setattr(Environment, "compile", lambda self, *args, **kwargs: (counted.append(1),
                                                                              original(self, *args, **kwargs))[1])
    new_environment(layouts, {}).get_template(name)
    monkeypatch.setattr(Environment, "compile", original)
    return len(counted)


def test_a_layout_compiles_once_for_every_copy_of_the_project(cache_on, tiny, tmp_path, monkeypatch):
    assert _compiles(monkeypatch, tiny.layouts) == 1
    assert _compiles(monkeypatch, tiny.layouts) == 0
    copy = tmp_path / "copy"
    shutil.copytree(tiny.layouts, copy)
    assert _compiles(monkeypatch, copy) == 0
    layout = copy / "tiny" / "card.html"
    layout.write_text(layout.read_text() + "\n<!-- edited -->\n")
    assert _compiles(monkeypatch, copy) == 1                    # its source changed
    assert new_environment(copy, {}, trim=False).get_template("tiny/card.html")     # other settings: compiled apart


def test_an_entry_not_signed_by_this_user_is_compiled_again(cache_on, tiny, tmp_path, monkeypatch):
    assert _compiles(monkeypatch, tiny.layouts) == 1
    entries = list((tmp_path / "home" / "pnp" / "templates").iterdir())
    assert entries
    for entry in entries:
        entry.write_bytes(b"0" * 64 + b"\n" + entry.read_bytes()[65:])
    assert _compiles(monkeypatch, tiny.layouts) == 1


def test_with_the_cache_off_nothing_is_kept(cache_on, tiny, tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_CACHE", "off")
    assert _compiles(monkeypatch, tiny.layouts) == 1
    assert _compiles(monkeypatch, tiny.layouts) == 1
    assert not (tmp_path / "home" / "pnp" / "templates").exists()


def test_a_fault_in_a_layout_read_back_from_another_copy_names_this_copy_s_line(cache_on, tiny, tmp_path):
    """The kept code names the file it was compiled from; read back, it names the file read."""
    from pnp.render.templates.rendering import template_line

    layout = tiny.layouts / "tiny" / "card.html"
    layout.write_text("<p>\n{{ nothing.at_all() }}\n" + layout.read_text())
    new_environment(tiny.layouts, {}).get_template("tiny/card.html")
    copy = tmp_path / "copy"
    shutil.copytree(tiny.layouts, copy)
    template = new_environment(copy, {}).get_template("tiny/card.html")
    try:
        template.render(card={}, game={}, deck={})
    except Exception as error:                 # noqa: BLE001   (whatever the sandbox raises)
        assert template_line(error, copy) == ("layouts/tiny/card.html", 2)
    else:
        raise AssertionError("the layout rendered")
