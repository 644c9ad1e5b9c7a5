"""A Scrabble player's duplicate series, from which his provisional rating PL* follows.

``player`` gets ``duplicate_series``: ``super`` or ``1`` to ``7`` (seed 002 §2.1: "en fonction de sa série
duplicate, sans distinction des sous-séries A, B, C ou D"), empty when not given (a player without a PL then starts
at PL* 1000, as a new licence). Nothing else changes: players stored before read as "not given".

Revision ID: 0009
Revises: 0008
"""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("player") as batch:
        batch.add_column(sa.Column("duplicate_series", sa.String(5), nullable=False, server_default=""))


def downgrade() -> None:
    with op.batch_alter_table("player") as batch:
        batch.drop_column("duplicate_series")
