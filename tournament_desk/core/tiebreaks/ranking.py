"""The ranking engine shared by individual and team standings.

C.07 2023 Art. 4.1-4.2 (REFERENCE §3.1) and seed 003 §2 ("les joueurs seront classés dans l'ordre
décroissant des départages successifs"): rank by the primary score, then apply the tie-breaks in order, each
one only to the sub-groups still tied after the previous ones. Participants equal on everything share the
place (issue 6: shared places), listed in a stable display order.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

GroupFunction = Callable[[list[Any]], dict[Any, tuple[tuple[float, ...], float | None]]]


@dataclass
class KeySource:
    """One tie-break as the engine sees it: either a value per participant, or a function of the tied group
    (direct encounter, extended Koya) returning a sort key and a printable value per participant."""

    values: Mapping[Any, float | None] | None = None
    group: GroupFunction | None = None
    shown: dict[Any, float | None] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Ranked:
    rank: int
    id: Any
    shown: tuple[float | None, ...]
    shared: bool


def _value_key(value: float | None) -> tuple[float, ...]:
    return (-math.inf,) if value is None else (round(value, 9),)


def _partition(keys: Mapping[Any, tuple[float, ...]], members: Sequence[Any],
               order: Callable[[Any], Any]) -> list[list[Any]]:
    ordered = sorted(sorted(members, key=order), key=lambda m: keys[m], reverse=True)
    parts: list[list[Any]] = []
    for m in ordered:
        if parts and keys[parts[-1][0]] == keys[m]:
            parts[-1].append(m)
        else:
            parts.append([m])
    return parts


def rank(ids: Sequence[Hashable], primary: Mapping[Any, float], sources: Sequence[KeySource],
         order: Callable[[Any], Any]) -> list[Ranked]:
    """Rank ``ids`` by ``primary`` (higher first), then by each source in turn; ``order`` only decides the
    display order inside a group that shares its place."""
    for src in sources:
        if src.values is not None:
            src.shown = dict(src.values)

    def resolve(group: list[Any], level: int) -> list[list[Any]]:
        if len(group) == 1 or level == len(sources):
            return [sorted(group, key=order)]
        src = sources[level]
        if src.values is not None:
            keys = {m: _value_key(src.values.get(m)) for m in group}
        else:
            assert src.group is not None
            result = src.group(list(group))
            keys = {m: tuple(round(x, 9) for x in result[m][0]) for m in group}
            for m in group:
                src.shown[m] = result[m][1]
        out: list[list[Any]] = []
        for part in _partition(keys, group, order):
            out.extend(resolve(part, level + 1))
        return out

    primary_keys = {m: _value_key(primary[m]) for m in ids}
    groups: list[list[Any]] = []
    for part in _partition(primary_keys, list(ids), order):
        groups.extend(resolve(part, 0))
    ranked: list[Ranked] = []
    position = 1
    shown = [src.shown.get for src in sources]
    for group in groups:
        shared = len(group) > 1
        for m in group:
            ranked.append(Ranked(position, m, tuple([get(m) for get in shown]), shared))
        position += len(group)
    return ranked
