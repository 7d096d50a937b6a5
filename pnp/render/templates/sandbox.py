"""Jinja's sandbox with every operation that can grow a string or a list (`*`, `+`, `~`, `%`,
`.format`, the growing methods, a captured block) sized before it runs and refused past
MAX_TEMPLATE_STRING; what gets past (a library's own loop) meets the process's memory cap and
the supervisor's clock (`pnp.contained.stage`)."""

import math
from functools import update_wrapper

from jinja2.compiler import CodeGenerator, optimizeconst
from jinja2.sandbox import SandboxedEnvironment, SandboxedEscapeFormatter, SandboxedFormatter
from markupsafe import Markup

from pnp.limits import MAX_TEMPLATE_DIGITS, MAX_TEMPLATE_NUMBER
from pnp.render.templates.limit import (TemplateLimit, length, numbers_allowed, refuse_size, text_size, unit_of,
                                        within_output)
from pnp.render.templates.sizes import materialised, method_size, printf_size, spec_size


BITS_PER_DIGIT = math.log2(10)


class BoundedBuffer(list):
    """Where a macro, a captured block (`{% set x %}`) or a filter block collects its output:
    refused as soon as it holds more than MAX_TEMPLATE_STRING characters."""

    size = 0

    def append(self, part) -> None:
        self._grow(length(part))
        super().append(part)

    def extend(self, parts) -> None:
        parts = tuple(parts)
        self._grow(sum(length(part) for part in parts))
        super().extend(parts)

    def _grow(self, size: int) -> None:
        self.size += size
        refuse_size("a macro or a block", self.size)


class LimitedCodeGenerator(CodeGenerator):
    """Jinja's compiler, with `~` sized before it joins and every buffer bounded."""

    def buffer(self, frame) -> None:
        frame.buffer = self.temporary_identifier()
        self.writeline(f"{frame.buffer} = environment.bounded_buffer()")

    @optimizeconst
    def visit_Concat(self, node, frame) -> None:
        if frame.eval_ctx.volatile:
            join = "(markup_join if context.eval_ctx.volatile else str_join)"
        elif frame.eval_ctx.autoescape:
            join = "markup_join"
        else:
            join = "str_join"
        self.write(f"{join}(environment.sized_parts((")
        for part in node.nodes:
            self.visit(part, frame)
            self.write(", ")
        self.write(")))")


class _SizedFields:
    """A `.format` formatter that sizes each field before formatting it (`{:>999999999}` is
    refused before Python allocates it)."""

    made = 0

    def vformat(self, format_string, args, kwargs):
        self.made = len(format_string)
        return super().vformat(format_string, args, kwargs)

    def format_field(self, value, format_spec):
        refuse_size("a `.format`", self.made + spec_size(format_spec) + text_size(value))
        result = super().format_field(value, format_spec)
        self.made += len(result)
        return result


class SizedFormatter(_SizedFields, SandboxedFormatter):
    pass


class SizedEscapeFormatter(_SizedFields, SandboxedEscapeFormatter):
    pass


class ProjectSandbox(SandboxedEnvironment):
    code_generator_class = LimitedCodeGenerator
    intercepted_binops = frozenset({"*", "**", "+", "%"})

    @staticmethod
    def bounded_buffer() -> BoundedBuffer:
        return BoundedBuffer()

    @staticmethod
    def sized_parts(parts: tuple) -> tuple:
        """The operands of a `~`, refused when their join would pass MAX_TEMPLATE_STRING."""
        refuse_size("a `~`", sum(text_size(part) for part in parts))
        return parts

    @staticmethod
    def concat(parts) -> str:
        """Jinja's join of a buffer (already bounded) or of a whole render's output, which may
        not pass MAX_TEMPLATE_OUTPUT (`render` streams it itself)."""
        if isinstance(parts, list):
            return "".join(parts)
        return "".join(within_output(parts))

    def call_binop(self, context, operator, left, right):
        if operator == "**" and isinstance(left, (int, float)) and isinstance(right, (int, float)):
            if abs(left) > 1 and right * math.log2(abs(left)) > math.log2(MAX_TEMPLATE_NUMBER) + 1:
                raise TemplateLimit(f"{left} ** {right} is more than {MAX_TEMPLATE_NUMBER:,} "
                                    "(MAX_TEMPLATE_NUMBER)")
        if operator == "*":
            self._check_product(left, right)
        sequences = (str, bytes, list, tuple)
        if operator == "+" and isinstance(left, sequences) and isinstance(right, sequences):
            refuse_size("a `+`", text_size(left) + text_size(right))
        if operator == "%" and isinstance(left, (str, bytes)):
            refuse_size("a `%`", printf_size(left, right))
        result = super().call_binop(context, operator, left, right)
        refuse_size(f"a `{operator}`", length(result), unit_of(result))
        return result

    @staticmethod
    def _check_product(left, right) -> None:
        for items, times in ((left, right), (right, left)):
            if isinstance(items, (str, bytes, list, tuple)) and isinstance(times, int):
                refuse_size("a `*`", text_size(items) * times)
        if isinstance(left, int) and isinstance(right, int):
            bits = abs(left).bit_length() + abs(right).bit_length()
            if bits > MAX_TEMPLATE_DIGITS * BITS_PER_DIGIT:
                raise TemplateLimit(f"a `*` would make a number of about {bits / BITS_PER_DIGIT:,.0f} digits, "
                                    f"more than {MAX_TEMPLATE_DIGITS:,} (MAX_TEMPLATE_DIGITS)")

    def call(__self, __context, __obj, *args, **kwargs):  # noqa: N805 (Jinja's own signature)
        numbers_allowed(list(args) + list(kwargs.values()))
        args = materialised(__obj, args)
        what = f"a call of {getattr(__obj, '__name__', 'a function')}"
        refuse_size(what, method_size(__obj, args, kwargs), unit_of(getattr(__obj, "__self__", None)))
        result = super().call(__context, __obj, *args, **kwargs)
        refuse_size(what, length(result), unit_of(result))
        return result

    def wrap_str_format(self, value):
        """`str.format` and `format_map` as Jinja's sandbox runs them, each field sized first."""
        if getattr(value, "__name__", None) not in ("format", "format_map") or not isinstance(
                getattr(value, "__self__", None), str):
            return None
        text = value.__self__
        formatter = (SizedEscapeFormatter(self, escape=text.escape) if isinstance(text, Markup)
                     else SizedFormatter(self))
        is_map = value.__name__ == "format_map"

        def wrapper(*args, **kwargs):
            if is_map:
                if kwargs or len(args) != 1:
                    raise TypeError("format_map() takes exactly one argument and no keywords")
                args, kwargs = (), args[0]
            return type(text)(formatter.vformat(text, args, kwargs))
        return update_wrapper(wrapper, value)
