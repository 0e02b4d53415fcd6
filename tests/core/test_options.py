"""Rules dataclass validation from type hints (``core/options.py``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

import pytest

from boardgames.core.options import check_options, options_from_dict


@dataclass(frozen=True)
class Opts:
    mode: Literal["a", "b"] = "a"
    count: int = field(default=3, metadata={"min": 1, "max": 9})
    flag: bool = False
    ratio: float = 0.5
    label: str = "x"

    def __post_init__(self) -> None:
        check_options(self)


def test_defaults_and_valid_values_pass() -> None:
    assert Opts() == Opts("a", 3, False, 0.5, "x")
    Opts(mode="b", count=9, flag=True, ratio=2, label="")
    Opts(count=1, ratio=-1.5)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"mode": "c"}, r"Opts\.mode must be one of \['a', 'b'\], not 'c'"),
        ({"mode": 1}, r"Opts\.mode must be one of .*not 1"),
        ({"count": 0}, r"Opts\.count must be >= 1, not 0"),
        ({"count": 10}, r"Opts\.count must be <= 9, not 10"),
        ({"count": 10**400}, r"Opts\.count must be <= 9"),
        ({"count": "3"}, r"Opts\.count must be int, not str '3'"),
        ({"count": True}, r"Opts\.count must be int, not bool True"),
        ({"count": 3.0}, r"Opts\.count must be int, not float 3\.0"),
        ({"count": None}, r"Opts\.count must be int, not NoneType None"),
        ({"flag": 1}, r"Opts\.flag must be bool, not int 1"),
        ({"flag": "yes"}, r"Opts\.flag must be bool, not str 'yes'"),
        ({"ratio": "0.5"}, r"Opts\.ratio must be float, not str '0\.5'"),
        ({"ratio": False}, r"Opts\.ratio must be float, not bool False"),
        ({"label": 5}, r"Opts\.label must be str, not int 5"),
    ],
)
def test_bad_values_are_refused_naming_the_field_and_quoting_the_value(
    kwargs: dict[str, object], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        Opts(**kwargs)  # type: ignore[arg-type]


def test_literal_refuses_an_equal_value_of_another_type() -> None:
    @dataclass(frozen=True)
    class One:
        n: Literal[1, 2] = 1

        def __post_init__(self) -> None:
            check_options(self)

    with pytest.raises(ValueError, match="not True"):
        One(n=True)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"not 1\.0"):
        One(n=1.0)  # type: ignore[arg-type]


def test_options_from_dict_builds_and_validates() -> None:
    assert options_from_dict(Opts, {"mode": "b", "count": 4}) == Opts(mode="b", count=4)
    assert options_from_dict(Opts, {}) == Opts()
    with pytest.raises(ValueError, match=r"unknown rules option\(s\) \['bogus'\]"):
        options_from_dict(Opts, {"bogus": 1})
    with pytest.raises(ValueError, match="rules must be an object, not list"):
        options_from_dict(Opts, [])
    with pytest.raises(ValueError, match=r"Opts\.count must be <= 9, not 99"):
        options_from_dict(Opts, {"count": 99})
