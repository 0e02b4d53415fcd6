"""Bounds on untrusted input: how much of it an error message quotes, how long a message
may get, how deep a value may nest, and what a JSON document may cost before it is parsed.

Saved games come from files and board messages from browsers. The core refuses them
with a ``ValueError`` before they can cost much, and an error never quotes more than a
short prefix of them: :func:`quote` is the one way to put input into a message, and
:func:`shorten` bounds a whole message (every ``GameError``'s, and a game's own
``ValueError`` raised while it checks its options) for the places that quote with
``repr``.
"""

from __future__ import annotations

import re
import reprlib
from functools import cache
from itertools import islice
from typing import Any, Final

__all__ = [
    "MAX_DEPTH",
    "MAX_DOC_CHARS",
    "MAX_DOC_VALUES",
    "MESSAGE_CHARS",
    "QUOTE_CHARS",
    "check_document",
    "nested_deeper_than",
    "quote",
    "shorten",
    "shorten_error",
    "value_estimate",
]

QUOTE_CHARS: Final = 80
"""Longest quotation of an input in an error message (:func:`quote`)."""

MESSAGE_CHARS: Final = 500
"""Longest error message: a longer one keeps its start and its end (:func:`shorten`)."""

MAX_DOC_CHARS: Final = 8 * 1024 * 1024
"""Largest JSON document (a saved game) in characters, or in bytes when given as bytes
(the board's limit too). A saved game is ASCII; the longest of the random games measured
for this bound (Blast, 2,707 steps) is 66,156 characters."""

MAX_DOC_VALUES: Final = 500_000
"""Most JSON values a document may hold, estimated from its text before it is parsed
(:func:`value_estimate`): brackets, commas, colons and half the quotes, strings'
contents included. Parsed, a value costs at most about 70 bytes (one-key objects with
distinct keys) besides its characters; the longest random game measured for this bound
holds about 14,000."""

MAX_DEPTH: Final = 32
"""Deepest nesting of lists and objects in a document, or of lists in a chance outcome
given to ``apply`` (a saved game nests 4 deep, a scenario's a few more)."""

_HEAD, _TAIL = 240, 120


class _Short(reprlib.Repr):
    """``reprlib``'s bounded repr: a few levels deep, a few items long; a long string
    or number shows its prefix and ``...``; a dict its items in its own order."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.maxlevel = 4
        self.maxstring = self.maxother = self.maxlong = limit
        self.maxlist = self.maxtuple = self.maxdict = 8
        self.maxset = self.maxfrozenset = self.maxdeque = self.maxarray = 8

    def repr_str(self, x: str, level: int) -> str:
        return repr(x) if len(x) <= self.maxstring else repr(x[: self.maxstring]) + "..."

    def repr_dict(self, x: dict, level: int) -> str:  # in its own order, not sorted
        if not x:
            return "{}"
        if level <= 0:
            return "{...}"
        pieces = [f"{self.repr1(k, level - 1)}: {self.repr1(v, level - 1)}"
                  for k, v in islice(x.items(), self.maxdict)]
        if len(x) > self.maxdict:
            pieces.append("...")
        return "{" + ", ".join(pieces) + "}"

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 14_000:  # more digits than int -> str allows (4,300)
            return f"<int of about {int(x.bit_length() * 0.30103) + 1} digits>"
        text = repr(x)
        return text if len(text) <= self.maxlong else text[: self.maxlong] + "..."


@cache
def _short(limit: int) -> _Short:
    return _Short(limit)


def quote(value: object, limit: int = QUOTE_CHARS) -> str:
    """A ``repr`` of untrusted input cut to ``limit`` characters (a prefix and
    ``...``). Bounded work at any size or depth: nested containers show a few items of
    a few levels (``reprlib``), and a value whose repr fails shows its type."""
    try:
        text = _short(limit).repr(value)
    except Exception:  # a hostile __repr__ cannot come from JSON, but be safe
        text = f"<{type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def shorten(message: str, limit: int = MESSAGE_CHARS) -> str:
    """``message`` if it has at most ``limit`` characters, else its start and its end
    with the number of characters cut between them."""
    if len(message) <= limit:
        return message
    head, tail = min(_HEAD, limit // 2), min(_TAIL, limit // 4)
    cut = len(message) - head - tail
    return f"{message[:head]}... [{cut} characters cut] ...{message[len(message) - tail:]}"


def shorten_error(error: BaseException) -> BaseException:
    """``error`` with its message shortened (:func:`shorten`) if it is too long: for a
    game's own ``ValueError`` / ``TypeError`` that quotes its input in full."""
    if len(error.args) == 1 and isinstance(error.args[0], str):
        error.args = (shorten(error.args[0]),)
    return error


# The skeleton of a JSON text: its brackets outside its strings, ``{`` and ``}`` written
# as ``[`` and ``]`` (depth does not care which), as bytes. In UTF-8 a byte below 128 is
# that ASCII character, so one ``translate`` keeps only brackets and quotes, once escaped
# backslashes and quotes are gone (then every quote left delimits a string). All C loops
# but the strings that hold brackets (at most one per value counted).
_TO_SQUARE: Final = bytes.maketrans(b"{}", b"[]")
_NOT_KEPT: Final = bytes(c for c in range(256) if c not in b'[]{}"')
_STRING: Final = re.compile(rb'"[^"]*+"')


def _skeleton(text: str) -> bytes:
    b = text.encode("utf-8", "surrogatepass")
    b = b.replace(b"\\\\", b"").replace(b'\\"', b"").translate(_TO_SQUARE, _NOT_KEPT)
    flat = b.replace(b'""', b"")  # right when every string is empty here (no bracket)
    return flat if b'"' not in flat else _STRING.sub(b"", b)


def _nested_deeper_than(text: str, limit: int) -> bool:
    """Whether the JSON ``text`` nests more than ``limit`` lists and objects deep: its
    skeleton peeled one level of innermost ``[]`` at a time."""
    skeleton = _skeleton(text)
    if skeleton.count(b"[") != skeleton.count(b"]"):  # not JSON: json.loads says where
        return False
    if b"[" * (limit + 1) in skeleton:  # the usual deep document: found at once
        return True
    for _ in range(limit):
        peeled = skeleton.replace(b"[]", b"")
        if len(peeled) == len(skeleton):  # empty, or not JSON (json.loads says where)
            return False
        skeleton = peeled
    return b"[]" in skeleton


def value_estimate(text: str) -> int:
    """An upper bound on the number of values in the JSON ``text`` (brackets, commas and
    colons, and half the quotes, counted in the raw text)."""
    return (text.count("[") + text.count("{") + text.count(",") + text.count(":")
            + text.count('"') // 2 + 1)


def check_document(text: str | bytes) -> None:
    """Raise ``ValueError`` if the JSON ``text`` is larger, holds more values or nests
    deeper than a document may (:data:`MAX_DOC_CHARS`, :data:`MAX_DOC_VALUES`,
    :data:`MAX_DEPTH`), before anything is parsed: counting costs no memory, and the
    depth is read from the brackets alone, once the count is known to be small."""
    unit = "bytes" if isinstance(text, bytes) else "characters"
    if len(text) > MAX_DOC_CHARS:
        raise ValueError(f"document of {len(text)} {unit} is too large "
                         f"(at most {MAX_DOC_CHARS})")
    if isinstance(text, bytes):
        return
    values = value_estimate(text)
    if values > MAX_DOC_VALUES:
        raise ValueError(f"document of about {values} values is too large "
                         f"(at most {MAX_DOC_VALUES})")
    if _nested_deeper_than(text, MAX_DEPTH):
        raise ValueError(f"document nests more than {MAX_DEPTH} lists or objects deep")


def nested_deeper_than(value: Any, limit: int = MAX_DEPTH) -> bool:
    """Whether ``value`` nests lists or tuples more than ``limit`` deep (a chance outcome
    given to ``apply``), found level by level without recursion (each container once per
    level, so a list holding itself twice costs no more than one)."""
    level = [value] if isinstance(value, list | tuple) else []
    for _ in range(limit):
        if not level:
            return False
        inner = {id(x): x for v in level for x in v if isinstance(x, list | tuple)}
        level = list(inner.values())
    return bool(level)
