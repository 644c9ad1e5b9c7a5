"""Alphabetical order of names in the user's language, the same on screen and in print.

One function, :func:`name_key`, turns a text into a sort key; :func:`player_key` orders players by surname, then
first name. Both return a plain ``str`` whose code-point order is the collation order, so the key works alike
as a Python ``sorted(key=...)`` value, inside tuples, and as the value of a Qt sort role
(``QSortFilterProxyModel`` compares two strings by code point unless told otherwise): the GUI and the printed
documents (which must not need Qt) sort with the same key.

The order is the Unicode Collation Algorithm (UCA) with its default table (DUCET), via ``pyuca``:

* Accents and case only break ties: ``ÅBERG`` sorts with ``ABERG`` (not after ``ZIMMERMANN``, as code-point
  order puts it), ``Éloïse`` with ``ELOISE``; an unaccented letter before its accented forms, lower case before
  upper case (UCA secondary and tertiary levels).
* Ligatures and special letters expand: ``Œ`` sorts as ``OE``, ``ß`` as ``SS``, ``Æ`` as ``AE``.
* Spaces, apostrophes and hyphens are ignored at first (``D'ALEMBERT`` sorts as ``DALEMBERT``, ``LE-GALL`` and
  ``LE GALL`` as ``LEGALL``), and only then break ties (``LE GALL``, ``LE-GALL``, ``LEGALL``): the "shifted"
  handling of punctuation of UCA §4 (the one ICU offers for names), done here as a key on the letters and
  digits alone followed by the key of the whole text (pyuca implements the "non-ignorable" setting only, which
  would put every ``D'...`` before ``DA...`` and ``LE GOFF`` before ``LEFEBVRE``).

Why this is the language's collation for both languages the program speaks: the Unicode CLDR tailors the root
(DUCET) order neither for English nor for the French of France (only Canadian French reverses accent order),
so ``lang`` "fr" and "en" give the same order today. The parameter stays so that a language with its own
order (Swedish Å after Z, Spanish Ñ...) is added here, in one place, without touching the callers.

Why pyuca: it is pure Python (the core stays free of compiled dependencies and of Qt, and the printed documents
sort without Qt), it passes the UCA conformance tests of the Unicode versions it ships (we load its newest
table, UCA 10.0.0, which covers every Latin, Greek and Cyrillic letter a player's name may hold), and its last
release (1.2, 2017) is old but stable because the algorithm and the table for these scripts have not changed
since. ICU (PyICU) would give CLDR tailorings but needs the compiled ICU library; a home-made accent folding is
what this module replaces (it did not expand Œ nor order punctuation).
"""

from __future__ import annotations

import functools
import unicodedata
from typing import Any, Protocol

__all__ = ["name_key", "player_key"]

_SEP = " "  # below every hexadecimal digit: a shorter key (a prefix) sorts first, as tuples do


@functools.cache
def _collator() -> Any:  # pyuca has no type hints
    # Loading the table takes a quarter of a second: once per process, on first use.
    from pyuca.collator import Collator_10_0_0

    return Collator_10_0_0()


def _levels(text: str) -> tuple[str, str, str]:
    """The UCA sort key of ``text`` cut into its levels (base letters, accents, case), each as fixed-width hex:
    UCA weights fit in 16 bits (DUCET's 4-digit fields, implicit weights 0xFB40-0xFFFF), so comparing the hex
    strings compares the weights."""
    levels: list[list[int]] = [[]]
    for weight in _collator().sort_key(text):
        if weight == 0:  # pyuca's level separator
            levels.append([])
        else:
            levels[-1].append(weight)
    first, second, third = ("".join(f"{w:04x}" for w in level) for level in levels[:3])  # 4th level: unused
    return first, second, third


def _significant(text: str) -> str:
    """The letters, digits and combining marks of ``text`` (spaces, apostrophes, hyphens... removed)."""
    return "".join(c for c in text if unicodedata.category(c)[0] in "LNM")


@functools.lru_cache(maxsize=8192)
def _field(text: str) -> tuple[tuple[str, str, str], tuple[str, str, str]]:
    text = " ".join(text.split())
    return _levels(_significant(text)), _levels(text)


def _key(*fields: str) -> str:
    """Fields compared level by level, as UCA compares the levels of one string: the base letters of every
    field first (surname, then first name), then their accents, then their case, then the punctuation. The
    separator sorts below every hex digit, so the flattened string compares as the tuple of its parts."""
    keyed = [_field(f) for f in fields]
    parts = [k[0][level] for level in range(3) for k in keyed]
    parts += [k[1][level] for level in range(3) for k in keyed]
    return _SEP.join(parts)


def name_key(text: str, lang: str = "fr") -> str:
    """The sort key of one name (or any word) in ``lang`` ("fr" or "en"; the same order for both, see the module
    notes). Compare keys with ``<``: ``sorted(names, key=lambda n: name_key(n, lang))``.

    Leading and trailing spaces are ignored, and runs of spaces count as one.
    """
    del lang  # the CLDR order of French (France) and English is the root order (see the module notes)
    return _key(text)


class _Named(Protocol):
    @property
    def surname(self) -> str: ...

    @property
    def first_name(self) -> str: ...


def player_key(player: _Named, lang: str = "fr") -> str:
    """The alphabetical order of a player list: surname, then first name (``DUPONT Zoé`` before
    ``DUPONTEL Anne``), letters before accents and case (``DUPONT Eric`` before ``Dupont Étienne``), as in one
    UCA comparison of "surname first name" but with the surname's end respected. Players with the same name
    compare equal: add the id to the key for a stable order."""
    del lang  # as name_key
    return _key(player.surname, player.first_name)
