"""Initial event-file schema.

Revision ID: 0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "meta",
        sa.Column("key", sa.String(64), primary_key=True),
        sa.Column("value", sa.Text, nullable=False),
    )
    op.create_table(
        "event",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("discipline", sa.String(20), nullable=False),
        sa.Column("system", sa.String(30), nullable=False),
        sa.Column("rounds", sa.Integer, nullable=False),
        sa.Column("place", sa.String(200), nullable=False),
        sa.Column("start_date", sa.String(10), nullable=True),
        sa.Column("end_date", sa.String(10), nullable=True),
        sa.Column("arbiters", sa.Text, nullable=False),
        sa.Column("organiser", sa.String(200), nullable=False),
        sa.Column("tc_base_minutes", sa.Integer, nullable=False),
        sa.Column("tc_increment_seconds", sa.Integer, nullable=False),
        sa.Column("scoring", sa.Text, nullable=False),
        sa.Column("tiebreaks", sa.Text, nullable=False),
        sa.Column("rating_system", sa.String(20), nullable=False),
    )
    op.create_table(
        "player",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("surname", sa.String(100), nullable=False),
        sa.Column("first_name", sa.String(100), nullable=False),
        sa.Column("sex", sa.String(1), nullable=False),
        sa.Column("birth_date", sa.String(10), nullable=True),
        sa.Column("category", sa.String(20), nullable=False),
        sa.Column("club", sa.String(200), nullable=False),
        sa.Column("federation", sa.String(10), nullable=False),
        sa.Column("licence_id", sa.String(30), nullable=False),
        sa.Column("fide_id", sa.String(20), nullable=False),
        sa.Column("fmjd_id", sa.String(20), nullable=False),
        sa.Column("title", sa.String(10), nullable=False),
        sa.Column("unrated", sa.Boolean, nullable=False),
        sa.Column("withdrawn_from_round", sa.Integer, nullable=True),
        sa.Column("pairing_number", sa.Integer, nullable=True),
    )
    op.create_index("ix_player_licence_id", "player", ["licence_id"])
    op.create_table(
        "player_rating",
        sa.Column("player_id", sa.Integer, sa.ForeignKey("player.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("system", sa.String(20), primary_key=True),
        sa.Column("value", sa.Integer, nullable=False),
    )
    op.create_table("round", sa.Column("number", sa.Integer, primary_key=True))
    op.create_table(
        "game",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("round", sa.Integer, sa.ForeignKey("round.number"), nullable=False),
        sa.Column("board", sa.Integer, nullable=False),
        sa.Column("white_id", sa.Integer, sa.ForeignKey("player.id"), nullable=False),
        sa.Column("black_id", sa.Integer, sa.ForeignKey("player.id"), nullable=False),
        sa.Column("result", sa.String(12), nullable=True),
        sa.Column("white_points", sa.Integer, nullable=True),
        sa.Column("black_points", sa.Integer, nullable=True),
        sa.UniqueConstraint("round", "board"),
    )
    op.create_table(
        "bye",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("round", sa.Integer, sa.ForeignKey("round.number"), nullable=False),
        sa.Column("player_id", sa.Integer, sa.ForeignKey("player.id"), nullable=False),
        sa.Column("kind", sa.String(12), nullable=False),
        sa.UniqueConstraint("round", "player_id"),
    )
    op.create_table(
        "journal",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("label_en", sa.String(200), nullable=False),
        sa.Column("label_fr", sa.String(200), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("undone", sa.Boolean, nullable=False),
        sa.Column("changes", sa.Text, nullable=False),
    )


def downgrade() -> None:
    for table in ("journal", "bye", "game", "round", "player_rating", "player", "event", "meta"):
        op.drop_table(table)
