"""Names in alphabetical order as a reader of the language expects (accents and case do not come first)."""

from __future__ import annotations

import unicodedata


def name_key(text: str, lang: str = "en") -> tuple[str, str]:
    """A sort key: letters without their accents and case first, then the exact text to break ties."""
    base = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return (base.casefold(), text)
