"""What a fillable sheet holds (its check groups, table columns and tally), as plain data: a
game's adapter declares its sheets with these without loading the PDF libraries that draw
them (pnp/render/forms.py)."""

from dataclasses import dataclass, field


@dataclass(frozen=True)
class CheckGroup:
    key: str
    label: str
    options: tuple[tuple[str, str], ...]      # (key, label)


@dataclass(frozen=True)
class Column:
    key: str
    label: str
    weight: float


@dataclass(frozen=True)
class FormSpec:
    title: str
    subtitle: str
    groups: tuple[CheckGroup, ...]
    columns: tuple[Column, ...]
    rows: int
    row_label: str                              # "Duel" -> rows numbered 1..rows
    tally: tuple[tuple[str, str], ...]          # (key, label) boxes under the table
    reference_title: str = ""
    reference: tuple[tuple[str, str], ...] = field(default=())   # (left, right) lines
    tally_title: str = "Final tally"
    row_key: str = ""                           # the fields' names ("duel01_drawn"), whatever the language

    @property
    def field_row(self) -> str:
        return self.row_key or self.row_label.lower()


def field_names(spec: FormSpec) -> dict[str, str]:
    """Every field the fillable sheet carries, name -> "text" or "checkbox"."""
    names = {f"{g.key}_{key}": "checkbox" for g in spec.groups for key, _ in g.options}
    names |= {f"{spec.field_row}{row:02d}_{c.key}": "text"
              for row in range(1, spec.rows + 1) for c in spec.columns}
    names |= {key: "text" for key, _ in spec.tally}
    return names
