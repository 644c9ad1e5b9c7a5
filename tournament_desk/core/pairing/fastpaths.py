"""Which path of the matching engine served each solve, and why a fast path handed over (issue 22).

The Dutch engine computes exact maximum-weight matchings, but mostly not by solving the whole graph: it
solves inside the bracket, on coarse weights first, on a sparse set of pairs, or on the tight graph of the
optimal duals (``dutch_graph``, ``matching``, ``sparse``, ``lexmatch``). Each of those fast paths either
*proves* its answer (a bound reached, an LP-duality certificate checked over every edge) or hands the
problem to the next, slower exact path. Every hand-over is named here and counted, so a maintainer can see
which path produced a round (``tournament-desk pair --dutch FILE -p --stats``) and a fast path that breaks
cannot go unnoticed:

* an *expected* hand-over is a proof that did not go through (e.g. the bracket's best pairing strands a
  player the lower brackets cannot pair: the solve is redone over all remaining players). It is counted.
* an *unexpected* one is an error inside a fast path (an exception, or a certificate that should hold by
  construction and does not). Outside strict mode the exact slow path still answers, and it is counted;
  in strict mode (:func:`strict`, or the environment variable ``TDESK_STRICT_ENGINE=1``, which the test
  suite sets) it raises :class:`UnexpectedHandover`.

Collect the counts of a computation with :func:`collecting`::

    with collecting() as stats:
        pair_dutch(state)
    stats.handovers  # {"bracket: completion (C4) fails below": 2, ...}
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

__all__ = [
    "EXPECTED",
    "UNEXPECTED",
    "BracketPaths",
    "PathStats",
    "UnexpectedHandover",
    "collecting",
    "handover",
    "served",
    "strict",
]


class UnexpectedHandover(AssertionError):
    """A fast path failed where it must not (strict mode only)."""


# Every hand-over reason, with what it means. A reason not listed here is a programming error.
EXPECTED: dict[str, str] = {
    "core: C9 needs the whole round": "the PAB receiver's unplayed games (C9) depend on pairs outside the "
    "bracket, so the bracket cannot be solved alone",
    "core: weights outside the bracket": "a pair of the bracket has no bracket weight yet",
    "core: not everybody paired": "the bracket cannot pair all its players among themselves (C6 bound not "
    "reached): the next score group takes part",
    "core: next bracket below its bound": "the downfloater chosen leaves the next bracket short of its best "
    "C6/C8 value",
    "core: completion (C4) fails below": "the players left over cannot complete the round",
    "bracket: C9 needs the whole round": "as for the core, with the next score group",
    "bracket: weights outside the bracket": "as for the core, with the next score group",
    "bracket: completion (C4) fails below": "the bracket's best pairing leaves players the rest cannot pair: "
    "solved over every remaining player",
    "cascade: not certified": "the coarse-to-fine solve found no optimality certificate after its re-solves: "
    "solved directly",
    "sparse: not certified": "the sparse solve still had violated pairs after its rounds: solved on every pair",
    "lexmatch: blossom dual": "the tight graph needs a blossom with a positive dual: the tie-break bonuses "
    "are solved instead",
}
UNEXPECTED: dict[str, str] = {
    "cascade: error": "an exception inside the coarse-to-fine solve",
}


@dataclass
class BracketPaths:
    """The solves made for one bracket of the Dutch procedure."""

    number: int  # 1 for the top bracket
    score: float  # score of its resident players (points)
    residents: int
    mdps: int  # moved-down players
    solves: Counter[str] = field(default_factory=Counter)  # path -> count
    handovers: Counter[str] = field(default_factory=Counter)  # reason -> count

    def line(self) -> str:
        paths = ", ".join(f"{name} {count}" for name, count in sorted(self.solves.items()))
        text = (f"bracket {self.number}: score {self.score:g}, {self.residents} residents, {self.mdps} MDPs; "
                f"solves: {paths or 'none'}")
        if self.handovers:
            text += "; hand-overs: " + ", ".join(f"{r} x{c}" for r, c in sorted(self.handovers.items()))
        return text


@dataclass
class PathStats:
    """Counts of one computation: which path served each solve, and each hand-over by reason."""

    served: Counter[str] = field(default_factory=Counter)
    handovers: Counter[str] = field(default_factory=Counter)
    brackets: list[BracketPaths] = field(default_factory=list)

    def lines(self) -> list[str]:
        out = [b.line() for b in self.brackets]
        out.append("paths: " + (", ".join(f"{k} {v}" for k, v in sorted(self.served.items())) or "none"))
        out.append("hand-overs: " + (", ".join(f"{k} x{v}" for k, v in sorted(self.handovers.items())) or "none"))
        return out


_active: list[PathStats] = []
_strict: list[bool] = []


def _is_strict() -> bool:
    if _strict:
        return _strict[-1]
    return os.environ.get("TDESK_STRICT_ENGINE", "") not in ("", "0")


@contextmanager
def collecting() -> Iterator[PathStats]:
    """Count the paths and hand-overs of everything computed inside the ``with`` block."""
    stats = PathStats()
    _active.append(stats)
    try:
        yield stats
    finally:
        _active.remove(stats)


@contextmanager
def strict(on: bool = True) -> Iterator[None]:
    """Inside the block, an unexpected hand-over raises :class:`UnexpectedHandover` (or, ``on=False``, not)."""
    _strict.append(on)
    try:
        yield
    finally:
        _strict.pop()


def start_bracket(number: int, score: float, residents: int, mdps: int) -> None:
    """The Dutch procedure starts a bracket: later solves and hand-overs are counted for it."""
    for stats in _active:
        stats.brackets.append(BracketPaths(number, score, residents, mdps))


def served(path: str) -> None:
    """A solve was answered by ``path``."""
    for stats in _active:
        stats.served[path] += 1
        if stats.brackets:
            stats.brackets[-1].solves[path] += 1


def handover(reason: str, error: BaseException | None = None) -> None:
    """A fast path hands over for ``reason`` (a key of :data:`EXPECTED` or :data:`UNEXPECTED`)."""
    if reason in UNEXPECTED:
        if _is_strict():
            raise UnexpectedHandover(f"{reason}: {UNEXPECTED[reason]}" + (f" ({error!r})" if error else "")) from error
    elif reason not in EXPECTED:
        raise KeyError(f"unknown hand-over reason {reason!r}")
    for stats in _active:
        stats.handovers[reason] += 1
        if stats.brackets:
            stats.brackets[-1].handovers[reason] += 1
