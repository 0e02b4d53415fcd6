"""Random playouts of every game in the conformance registry (``conformance.suite.GAMES``),
in both auto_roll modes: one test per (game, configuration, mode, seed), so a failure
names the seed to replay with ``check_playout``. See ``conformance/suite.py`` for what is
checked; ``--conformance-scale=X`` plays X times as many seeds, ``--conformance-part=K/N``
only the seeds ``s`` with ``s % N == K - 1`` (see tests/conftest.py)."""

from __future__ import annotations

import pytest
from conformance.suite import GAMES, Config, check_playout


def conformance_part(config: pytest.Config) -> tuple[int, int]:
    """``--conformance-part=K/N`` as (K - 1, N), checked."""
    text = str(config.getoption("--conformance-part"))
    k, _, n = text.partition("/")
    if not (k.isdigit() and n.isdigit() and 1 <= int(k) <= int(n)):
        raise pytest.UsageError(f"--conformance-part must be K/N with 1 <= K <= N, "
                                f"not {text!r}")
    return int(k) - 1, int(n)


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "case" not in metafunc.fixturenames:
        return
    scale = metafunc.config.getoption("--conformance-scale")
    part, parts = conformance_part(metafunc.config)
    params = []
    for name, configs in GAMES.items():
        for cfg in configs:
            n = max(1, round(cfg.seeds * scale))
            for auto in (True, False):
                mode = "auto" if auto else "manual"
                for seed in range(part, n, parts):
                    params.append(
                        pytest.param((cfg, seed, auto), id=f"{name}-{cfg.id}-{mode}-{seed}")
                    )
    metafunc.parametrize("case", params)


def test_playout(case: tuple[Config, int, bool]) -> None:
    cfg, seed, auto = case
    check_playout(
        cfg.factory,
        seed,
        auto_roll=auto,
        secrets=cfg.secrets,
        json_every=1 if seed < cfg.full_json_seeds else 16,
    )
