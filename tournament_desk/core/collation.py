"""Alphabetical order of names in the user's language, the same on screen and in print.

:func:`name_key` turns a text (a player's full name ``SURNAME First``, a club) into a sort key;
:func:`player_key` orders players by surname, then first name. Both return a plain ``str`` whose code-point
order is the collation order, so the key works alike as a Python ``sorted(key=...)`` value, inside tuples, and
as the value of a Qt sort role (``QSortFilterProxyModel`` compares two strings by code point unless told
otherwise): the GUI and the printed documents (which must not need Qt) sort with the same key.

The order is the Unicode Collation Algorithm (UCA) with its default table (DUCET), via ``pyuca``:

* Accents and case only break ties: ``ÅBERG`` sorts with ``ABERG`` (not after ``ZIMMERMANN``, as code-point
  order puts it), ``Éloïse`` with ``ELOISE``; an unaccented letter before its accented forms, lower case before
  upper case (UCA secondary and tertiary levels). The base letters of the whole name come first:
  ``DUPONT Eric`` before ``Dupont Étienne``.
* Ligatures and special letters expand: ``Œ`` sorts as ``OE``, ``ß`` as ``SS``, ``Æ`` as ``AE``.
* Word by word: a space ends a word, and a shorter word sorts first (``DUPONT Zoé`` before ``DUPONTEL Anne``,
  ``LE GALL`` before ``LEGAL``), as library and directory filing does (and as UCA's default, "non-ignorable",
  weighting does for spaces).
* Inside a word, apostrophes and hyphens are ignored at first (``D'ALEMBERT`` sorts as ``DALEMBERT``,
  ``LE-GALL`` as ``LEGALL``) and only break ties, last (``LE-GALL`` before ``LEGALL``): the "shifted" weighting
  of UCA §4 for them, done here as a key on the letters and digits followed by the key of the whole word (pyuca
  implements the "non-ignorable" weighting only, which would put every ``D'...`` before ``DA...``).

Why this is the language's collation for both languages the program speaks: the Unicode CLDR tailors the root
(DUCET) order neither for English nor for the French of France (only Canadian French reverses accent order),
so ``lang`` "fr" and "en" give the same order today. The parameter stays so that a language with its own
order (Swedish Å after Z, Spanish Ñ...) is added here, in one place, without touching the callers.

Why pyuca: it is pure Python (the core stays free of compiled dependencies and of Qt, and the printed documents
sort without Qt), it passes the UCA conformance tests of the Unicode versions it ships (we load its newest
table, UCA 10.0.0, which covers every Latin, Greek and Cyrillic letter a player's name may hold), and its last
release (1.2, 2017) is old but stable because the algorithm and the table for these scripts have not changed
since. ICU (PyICU) would give CLDR tailorings but needs the compiled ICU library; plain accent folding (what
this module replaces) expands no Œ and orders no punctuation.
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Sequence
from typing import Any, Protocol

__all__ = ["name_key", "player_key"]

# Separators of the key string, below every hexadecimal digit so that a shorter part sorts first, and ordered
# among themselves: a level ends before a field (surname, first name), a field before a word.
_LEVEL, _FIELD, _WORD = "\x01", "\x02", "\x03"


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


@functools.lru_cache(maxsize=16384)
def _word(word: str) -> tuple[str, str, str, str]:
    """A word's key by level: its letters and digits (three UCA levels), then the whole word, punctuation
    included, for the last tie-break."""
    letters = "".join(c for c in word if unicodedata.category(c)[0] in "LNM")
    return (*_levels(letters), "\x00".join(_levels(word)))  # \x00: below the separators, a level ends first


def _key(fields: Sequence[str]) -> str:
    words = [[_word(w) for w in field.split()] for field in fields]
    return _LEVEL.join(
        _FIELD.join(_WORD.join(word[level] for word in field) for field in words) for level in range(4))


def name_key(text: str, lang: str = "en") -> str:
    """The sort key of a name (``DUPONT Jean``, a club...) in ``lang`` ("fr" or "en"; the same order for both,
    see the module notes). Compare keys with ``<``: ``sorted(names, key=lambda n: name_key(n, lang))``.
    Spaces only separate words: leading, trailing and repeated ones make no difference."""
    del lang  # the CLDR order of French (France) and English is the root order (see the module notes)
    return _key([text])


class _Named(Protocol):
    @property
    def surname(self) -> str: ...

    @property
    def first_name(self) -> str: ...


def player_key(player: _Named, lang: str = "en") -> str:
    """The alphabetical order of a player list: surname, then first name. The same as :func:`name_key` of
    ``SURNAME First`` except where a surname is the first word of another: ``LE Zoé`` before ``LE GALL Anne``.
    Players with the same name compare equal: add the id to the key for a stable order."""
    del lang  # as name_key
    return _key([player.surname, player.first_name])
