"""Bounds on untrusted input: how much of it an error message quotes, how long a message
may get, how deep a value may nest, and what a JSON document may cost before it is parsed.

Saved games come from files and board messages from browsers. The core refuses them
with a ``ValueError`` before they can cost much, and an error never quotes more than a
short prefix of them: :func:`quote` is the one way to put input into a message (a
prefix of its ``repr``, at most :data:`QUOTE_CHARS` characters, at any size or depth,
huge ints included), and :func:`shorten` bounds a whole message (every ``GameError``'s,
and a game's own ``ValueError`` raised while it checks its options) to a prefix, so that
no part of an input beyond its start is ever shown.
"""

from __future__ import annotations

import re
import reprlib
from collections.abc import Iterable
from contextlib import suppress
from functools import cache
from itertools import islice
from typing import Any, Final

__all__ = [
    "MAX_DEPTH",
    "MAX_DOC_CHARS",
    "MAX_DOC_VALUES",
    "MAX_NON_ASCII_CHARS",
    "MAX_STEPS",
    "MESSAGE_CHARS",
    "QUOTE_CHARS",
    "check_document",
    "nested_deeper_than",
    "quote",
    "quote_keys",
    "shorten",
    "shorten_error",
    "value_estimate",
]

QUOTE_CHARS: Final = 80
"""Longest quotation of an input in an error message (:func:`quote`)."""

MESSAGE_CHARS: Final = 500
"""Longest error message: a longer one keeps its start only (:func:`shorten`)."""

MAX_DOC_CHARS: Final = 8 * 1024 * 1024
"""Largest JSON document (a saved game) in characters, or in bytes when given as bytes
(the board's limit too). A saved game is ASCII (``to_json`` escapes any other character);
a text that is not ASCII may hold at most a quarter as many characters
(:data:`MAX_NON_ASCII_CHARS`), so that its UTF-8 is at most this many bytes too. The
longest of the random games measured for this bound (Blast, 2,707 steps) is 66,156
characters."""

MAX_NON_ASCII_CHARS: Final = MAX_DOC_CHARS // 4
"""Largest JSON document in characters (or bytes) when it is not all ASCII: a character
then costs up to 4 bytes, in a ``str`` and in UTF-8, so that such a text costs no more
than an ASCII one of :data:`MAX_DOC_CHARS` characters (``str.isascii`` tells at once;
bytes are checked before they are decoded, which would cost four times their size)."""

MAX_STEPS: Final = 50_000
"""Most steps (actions and chance outcomes) a game may take: ``apply`` and ``roll`` refuse
to go beyond it (``GameError``), and a saved game of more steps is refused before any of
them is replayed, so that loading a save costs a bounded time. The longest games measured
for this bound: Blast about 2,700 steps (default rules), Intergalactic with 6 players and
``turns_per_stage=100`` about 19,000."""

MAX_DOC_VALUES: Final = 500_000
"""Most JSON values a document may hold, estimated from its text before it is parsed
(:func:`value_estimate`): brackets, commas, colons and half the quotes, strings'
contents included. Parsed, a value costs at most about 70 bytes (one-key objects with
distinct keys) besides its characters; the longest random game measured for this bound
holds about 14,000."""

MAX_DEPTH: Final = 32
"""Deepest nesting of lists and objects in a document, or of lists in a chance outcome
given to ``apply`` (a saved game nests 4 deep, a scenario's a few more)."""

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


def quote_keys(keys: Iterable[Any]) -> str:
    """Keys (unknown ones, for an error message) quoted as a list (:func:`quote`): sorted
    when they can be (strings), else in their own order (keys of mixed types, e.g. a
    scenario's ``{(1, 2): 1, 3: 4}``)."""
    items = list(keys)
    with suppress(TypeError):
        items.sort()
    return quote(items)


def shorten(message: str, limit: int = MESSAGE_CHARS) -> str:
    """``message`` if it has at most ``limit`` characters, else its start (a prefix of
    at most ``limit`` characters in all) and the number of characters cut after it: never
    its end, which may be the hidden tail of an input quoted in full."""
    if len(message) <= limit:
        return message
    note = f"... [{len(message)} characters in all]"
    return message[: max(limit - len(note), 0)] + note


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
    # One statement a step: each copy is freed as the next is made (at most two alive).
    b = text.encode("utf-8", "surrogatepass")
    b = b.replace(b"\\\\", b"")
    b = b.replace(b'\\"', b"")
    b = b.translate(_TO_SQUARE, _NOT_KEPT)
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
    if len(text) > MAX_NON_ASCII_CHARS and not text.isascii():
        raise ValueError(f"document of {len(text)} {unit}, not all ASCII, is too large "
                         f"(at most {MAX_NON_ASCII_CHARS} when not ASCII: a saved game "
                         "is ASCII)")
    if isinstance(text, bytes):
        return
    values = value_estimate(text)
    if values > MAX_DOC_VALUES:
        raise ValueError(f"document of about {values} values is too large "
                         f"(at most {MAX_DOC_VALUES})")
    if _nested_deeper_than(text, MAX_DEPTH):
        raise ValueError(f"document nests more than {MAX_DEPTH} lists or objects deep")


def nested_deeper_than(value: Any, limit: int = MAX_DEPTH) -> bool:
    """Whether ``value`` nests containers (lists, tuples, dicts -- their keys and values
    --, sets) more than ``limit`` deep: a chance outcome given to ``apply``, a game's
    options. Found level by level without recursion (each container once per level, so a
    list holding itself twice costs no more than one)."""
    level = [value] if isinstance(value, _CONTAINERS) else []
    for _ in range(limit):
        if not level:
            return False
        inner: dict[int, Any] = {}
        for v in level:
            for x in (_items(v) if isinstance(v, dict) else v):
                if isinstance(x, _CONTAINERS):
                    inner[id(x)] = x
        level = list(inner.values())
    return bool(level)


_CONTAINERS: Final = (list, tuple, dict, set, frozenset)


def _items(d: dict[Any, Any]) -> list[Any]:
    """A dict's keys and values, in one list."""
    out = list(d)
    out.extend(d.values())
    return out
