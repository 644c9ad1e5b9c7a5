"""The event file's tables, as SQLAlchemy 2.0 typed declarative models.

One SQLite file per event. Dates are ISO strings and enums their stable string values, so that a file
can be read with any SQLite tool and the undo journal can store rows as plain JSON.
The schema is versioned by Alembic revisions (``storage/migrations``); ``SCHEMA_VERSION`` is the number of
the newest revision and is also written to ``PRAGMA user_version`` for a quick check before Alembic runs.
"""

from __future__ import annotations

from sqlalchemy import Boolean, Float, ForeignKey, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from tournament_desk.storage.tables import APPLICATION_ID, SCHEMA_VERSION

__all__ = ["APPLICATION_ID", "SCHEMA_VERSION", "TABLES_BY_NAME", "Base"]


class Base(DeclarativeBase):
    pass


class MetaRow(Base):
    __tablename__ = "meta"

    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    value: Mapped[str] = mapped_column(Text)


class EventRow(Base):
    __tablename__ = "event"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    discipline: Mapped[str] = mapped_column(String(20))
    system: Mapped[str] = mapped_column(String(30))
    rounds: Mapped[int] = mapped_column(Integer)
    place: Mapped[str] = mapped_column(String(200), default="")
    start_date: Mapped[str | None] = mapped_column(String(10), nullable=True)
    end_date: Mapped[str | None] = mapped_column(String(10), nullable=True)
    arbiters: Mapped[str] = mapped_column(Text, default="[]")  # JSON list of names
    organiser: Mapped[str] = mapped_column(String(200), default="")
    tc_base_minutes: Mapped[int] = mapped_column(Integer, default=90)
    tc_increment_seconds: Mapped[int] = mapped_column(Integer, default=30)
    scoring: Mapped[str] = mapped_column(Text)  # JSON ScoringProfile
    tiebreaks: Mapped[str] = mapped_column(Text, default="[]")  # JSON list of codes
    tiebreak_edition: Mapped[str] = mapped_column(String(20), default="", server_default="")
    rating_system: Mapped[str] = mapped_column(String(20))
    initial_colour: Mapped[str] = mapped_column(String(5), default="", server_default="")
    acceleration: Mapped[str] = mapped_column(String(10), default="", server_default="")
    numbering: Mapped[str] = mapped_column(String(60), default="", server_default="")
    team_rules: Mapped[str] = mapped_column(Text, default="", server_default="")  # JSON TeamRules; "" individual
    federation: Mapped[str] = mapped_column(String(3), default="", server_default="")
    round_dates: Mapped[str] = mapped_column(Text, default="[]", server_default="[]")  # JSON: ISO dates or null


class PlayerRow(Base):
    __tablename__ = "player"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    surname: Mapped[str] = mapped_column(String(100))
    first_name: Mapped[str] = mapped_column(String(100), default="")
    sex: Mapped[str] = mapped_column(String(1), default="")
    birth_date: Mapped[str | None] = mapped_column(String(10), nullable=True)
    category: Mapped[str] = mapped_column(String(20), default="")
    club: Mapped[str] = mapped_column(String(200), default="")
    federation: Mapped[str] = mapped_column(String(10), default="")
    licence_id: Mapped[str] = mapped_column(String(30), default="", index=True)
    fide_id: Mapped[str] = mapped_column(String(20), default="")
    fmjd_id: Mapped[str] = mapped_column(String(20), default="")
    title: Mapped[str] = mapped_column(String(10), default="")
    unrated: Mapped[bool] = mapped_column(Boolean, default=False)
    withdrawn_from_round: Mapped[int | None] = mapped_column(Integer, nullable=True)
    pairing_number: Mapped[int | None] = mapped_column(Integer, nullable=True)
    withdrawal_forfeit: Mapped[str] = mapped_column(String(8), default="0fe", server_default="0fe")
    duplicate_series: Mapped[str] = mapped_column(String(5), default="", server_default="")  # schema 9


class PlayerRatingRow(Base):
    __tablename__ = "player_rating"

    player_id: Mapped[int] = mapped_column(ForeignKey("player.id", ondelete="CASCADE"), primary_key=True)
    system: Mapped[str] = mapped_column(String(20), primary_key=True)
    value: Mapped[int] = mapped_column(Integer)


class RoundRow(Base):
    __tablename__ = "round"

    number: Mapped[int] = mapped_column(Integer, primary_key=True)


class GameRow(Base):
    __tablename__ = "game"
    __table_args__ = (UniqueConstraint("round", "board"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    round: Mapped[int] = mapped_column(ForeignKey("round.number"))
    board: Mapped[int] = mapped_column(Integer)
    white_id: Mapped[int] = mapped_column(ForeignKey("player.id"))
    black_id: Mapped[int] = mapped_column(ForeignKey("player.id"))
    result: Mapped[str | None] = mapped_column(String(12), nullable=True)
    white_points: Mapped[int | None] = mapped_column(Integer, nullable=True)
    black_points: Mapped[int | None] = mapped_column(Integer, nullable=True)


class ByeRow(Base):
    __tablename__ = "bye"
    __table_args__ = (UniqueConstraint("round", "player_id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    round: Mapped[int] = mapped_column(ForeignKey("round.number"))
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id"))
    kind: Mapped[str] = mapped_column(String(12))


class ByeRequestRow(Base):
    """A bye requested in advance for a round (C.04.1 Art.3): hpb, fpb or zpb."""

    __tablename__ = "bye_request"

    round: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id", ondelete="CASCADE"), primary_key=True)
    kind: Mapped[str] = mapped_column(String(12))


class ForbiddenPairRow(Base):
    """Two players who must not meet (TRF ``XXP``); ``player_a`` < ``player_b``."""

    __tablename__ = "forbidden_pair"

    player_a: Mapped[int] = mapped_column(ForeignKey("player.id", ondelete="CASCADE"), primary_key=True)
    player_b: Mapped[int] = mapped_column(ForeignKey("player.id", ondelete="CASCADE"), primary_key=True)


class TopCutRow(Base):
    """The top cut after the Swiss rounds (seed 004), fixed when it starts; at most one row."""

    __tablename__ = "top_cut"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    size: Mapped[int] = mapped_column(Integer)
    draw_rule: Mapped[str] = mapped_column(String(12))
    after_round: Mapped[int] = mapped_column(Integer)
    seeds: Mapped[str] = mapped_column(Text)  # JSON list of player ids, seed 1 first


class TopCutPlayoffRow(Base):
    """Who advanced from a drawn knockout game after its play-off (or the arbiter's decision)."""

    __tablename__ = "top_cut_playoff"

    stage: Mapped[int] = mapped_column(Integer, primary_key=True)
    white_id: Mapped[int] = mapped_column(ForeignKey("player.id"), primary_key=True)
    winner_id: Mapped[int] = mapped_column(ForeignKey("player.id"))


class OptionRow(Base):
    """An event option: the rule settings of docs/rules.md (``ffjd.cadence``...), as text."""

    __tablename__ = "option"

    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    value: Mapped[str] = mapped_column(Text)


class TeamRow(Base):
    """A team of a team event; ``members``: its roster, a JSON list of player ids in board order."""

    __tablename__ = "team"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(100))
    code: Mapped[str] = mapped_column(String(5), default="", server_default="")
    club: Mapped[str] = mapped_column(String(200), default="", server_default="")
    federation: Mapped[str] = mapped_column(String(10), default="", server_default="")
    captain: Mapped[str] = mapped_column(String(100), default="", server_default="")
    pairing_number: Mapped[int | None] = mapped_column(Integer, nullable=True)
    members: Mapped[str] = mapped_column(Text, default="[]", server_default="[]")


class TeamMatchRow(Base):
    """Two teams meeting in a round, ``home`` the first-named; ``forfeit``: who forfeited the whole match."""

    __tablename__ = "team_match"

    round: Mapped[int] = mapped_column(ForeignKey("round.number"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    home: Mapped[int] = mapped_column(ForeignKey("team.id"))
    away: Mapped[int] = mapped_column(ForeignKey("team.id"))
    forfeit: Mapped[str] = mapped_column(String(5), default="", server_default="")


class LineupRow(Base):
    """A team's line-up for a round: a JSON list of player ids by board (null: the board left empty)."""

    __tablename__ = "lineup"

    round: Mapped[int] = mapped_column(ForeignKey("round.number"), primary_key=True)
    team: Mapped[int] = mapped_column(ForeignKey("team.id"), primary_key=True)
    players: Mapped[str] = mapped_column(Text)


class JournalRow(Base):
    """One user action: its name (a catalogue message as JSON, ``core.messages.Msg.to_data``) and the row changes
    needed to undo or redo it."""

    __tablename__ = "journal"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    label: Mapped[str] = mapped_column(Text)  # JSON: {msgid, msgctxt, params}, or {en, fr} before schema 6
    at: Mapped[float] = mapped_column(Float)  # POSIX time
    undone: Mapped[bool] = mapped_column(Boolean, default=False)
    changes: Mapped[str] = mapped_column(Text)  # JSON list of {table, op, pk, before, after}


class AuditRow(Base):
    """Who did what, when: every action, undo and redo, kept even when the journal entry is discarded."""

    __tablename__ = "audit"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    at: Mapped[float] = mapped_column(Float)  # POSIX time
    arbiter: Mapped[str] = mapped_column(String(100))
    kind: Mapped[str] = mapped_column(String(8))  # do / undo / redo
    label: Mapped[str] = mapped_column(Text)  # the action's name, as the journal's
    journal_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    reason: Mapped[str] = mapped_column(Text, default="", server_default="")  # the arbiter's reason (schema 8)
    rule: Mapped[str] = mapped_column(Text, default="{}", server_default="{}")  # JSON: {changed, rules} (schema 8)


TABLES_BY_NAME = {t.name: t for t in Base.metadata.sorted_tables}
