"""WeasyPrint's laid-out boxes walked without recursion (anonymous boxes make the tree deeper
than the HTML, past Python's recursion limit on a long page)."""


def descendants(box):
    """Every box under `box`, in document order (a box before its children, siblings in order)."""
    stack = list(reversed(getattr(box, "children", ()) or ()))
    while stack:
        child = stack.pop()
        yield child
        stack.extend(reversed(getattr(child, "children", ()) or ()))
