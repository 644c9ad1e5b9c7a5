"""The event file's columns as plain data, for the code that runs on every open and every action.

``schema.py`` declares the tables with SQLAlchemy (the models Alembic migrations and tests work from); importing
SQLAlchemy's ORM costs 0.1-0.2 s, more than opening a 2000-player event and entering a result together. The
repository and the validating reader therefore work from this plain description, and
``tests/storage/test_tables.py`` checks it column for column against ``schema.Base.metadata`` so the two never
drift apart.

Each column is ``(name, kind, nullable)`` with ``kind`` one of ``integer``, ``boolean`` (stored 0/1), ``real`` or
``text``; ``PRIMARY_KEYS`` gives each table's key columns.
"""

from __future__ import annotations

SCHEMA_VERSION = 9
"""Newest schema this program writes; equals the number of the newest migration (``schema.py`` re-exports it)."""

APPLICATION_ID = 0x54446B31  # 'TDk1' in PRAGMA application_id: marks a tournament_desk event file

Column = tuple[str, str, bool]

TABLES: dict[str, tuple[Column, ...]] = {
    "meta": (("key", "text", False), ("value", "text", False)),
    "event": (
        ("id", "integer", False), ("name", "text", False), ("discipline", "text", False), ("system", "text", False),
        ("rounds", "integer", False), ("place", "text", False), ("start_date", "text", True),
        ("end_date", "text", True), ("arbiters", "text", False), ("organiser", "text", False),
        ("tc_base_minutes", "integer", False), ("tc_increment_seconds", "integer", False),
        ("scoring", "text", False), ("tiebreaks", "text", False), ("tiebreak_edition", "text", False),
        ("rating_system", "text", False), ("initial_colour", "text", False), ("acceleration", "text", False),
        ("numbering", "text", False), ("team_rules", "text", False), ("federation", "text", False),
        ("round_dates", "text", False),
    ),
    "player": (
        ("id", "integer", False), ("surname", "text", False), ("first_name", "text", False), ("sex", "text", False),
        ("birth_date", "text", True), ("category", "text", False), ("club", "text", False),
        ("federation", "text", False), ("licence_id", "text", False), ("fide_id", "text", False),
        ("fmjd_id", "text", False), ("title", "text", False), ("unrated", "boolean", False),
        ("withdrawn_from_round", "integer", True), ("pairing_number", "integer", True),
        ("withdrawal_forfeit", "text", False), ("duplicate_series", "text", False),
    ),
    "player_rating": (("player_id", "integer", False), ("system", "text", False), ("value", "integer", False)),
    "round": (("number", "integer", False),),
    "game": (
        ("id", "integer", False), ("round", "integer", False), ("board", "integer", False),
        ("white_id", "integer", False), ("black_id", "integer", False), ("result", "text", True),
        ("white_points", "integer", True), ("black_points", "integer", True),
    ),
    "bye": (("id", "integer", False), ("round", "integer", False), ("player_id", "integer", False),
            ("kind", "text", False)),
    "bye_request": (("round", "integer", False), ("player_id", "integer", False), ("kind", "text", False)),
    "forbidden_pair": (("player_a", "integer", False), ("player_b", "integer", False)),
    "top_cut": (("id", "integer", False), ("size", "integer", False), ("draw_rule", "text", False),
                ("after_round", "integer", False), ("seeds", "text", False)),
    "top_cut_playoff": (("stage", "integer", False), ("white_id", "integer", False), ("winner_id", "integer", False)),
    "option": (("key", "text", False), ("value", "text", False)),
    "team": (
        ("id", "integer", False), ("name", "text", False), ("code", "text", False), ("club", "text", False),
        ("federation", "text", False), ("captain", "text", False), ("pairing_number", "integer", True),
        ("members", "text", False),
    ),
    "team_match": (("round", "integer", False), ("number", "integer", False), ("home", "integer", False),
                   ("away", "integer", False), ("forfeit", "text", False)),
    "lineup": (("round", "integer", False), ("team", "integer", False), ("players", "text", False)),
    "journal": (
        ("id", "integer", False), ("label", "text", False), ("at", "real", False), ("undone", "boolean", False),
        ("changes", "text", False),
    ),
    "audit": (
        ("id", "integer", False), ("at", "real", False), ("arbiter", "text", False), ("kind", "text", False),
        ("label", "text", False), ("journal_id", "integer", True), ("reason", "text", False),
        ("rule", "text", False),
    ),
}

PRIMARY_KEYS: dict[str, tuple[str, ...]] = {
    "meta": ("key",), "event": ("id",), "player": ("id",), "player_rating": ("player_id", "system"),
    "round": ("number",), "game": ("id",), "bye": ("id",), "bye_request": ("round", "player_id"),
    "forbidden_pair": ("player_a", "player_b"), "top_cut": ("id",), "top_cut_playoff": ("stage", "white_id"),
    "option": ("key",), "team": ("id",), "team_match": ("round", "number"), "lineup": ("round", "team"),
    "journal": ("id",), "audit": ("id",),
}

COLUMN_NAMES: dict[str, tuple[str, ...]] = {t: tuple(c[0] for c in cols) for t, cols in TABLES.items()}
