"""Audit log: when each change (and each undo/redo) happened and which arbiter profile made it;
and the event's tie-break rule edition (seed003 / fide2023 / fide2026), empty for the default.

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "audit",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("arbiter", sa.String(100), nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("label_en", sa.String(200), nullable=False),
        sa.Column("label_fr", sa.String(200), nullable=False),
        sa.Column("journal_id", sa.Integer, nullable=True),
    )
    with op.batch_alter_table("event") as batch:
        batch.add_column(sa.Column("tiebreak_edition", sa.String(20), nullable=False, server_default=""))


def downgrade() -> None:
    with op.batch_alter_table("event") as batch:
        batch.drop_column("tiebreak_edition")
    op.drop_table("audit")
