"""The event's federation and round dates (the TRF's records 032 and 132), and the arbiter's log.

``event`` gets ``federation`` (a three-letter FIDE code, empty when not given) and ``round_dates`` (JSON: a list
of ISO dates, ``null`` for a round whose date is not known; empty before). ``audit`` gets ``reason`` (the reason
the arbiter gave for a change to a published round, as typed; empty for every other action) and ``rule`` (JSON: what
the change did to published rounds and the rules it touches, ``{"changed": ["result", ...], "rules": [{"source":
key, "section": ...}, ...]}`` with the kinds of ``core/arbiter_log.py`` and the sources of ``core/sources.py``;
``{}`` for every other action).
Nothing else changes: rows stored before read as "not given".

Revision ID: 0008
Revises: 0007
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("event") as batch:
        batch.add_column(sa.Column("federation", sa.String(3), nullable=False, server_default=""))
        batch.add_column(sa.Column("round_dates", sa.Text, nullable=False, server_default="[]"))
    with op.batch_alter_table("audit") as batch:
        batch.add_column(sa.Column("reason", sa.Text, nullable=False, server_default=""))
        batch.add_column(sa.Column("rule", sa.Text, nullable=False, server_default="{}"))


def downgrade() -> None:
    with op.batch_alter_table("audit") as batch:
        batch.drop_column("rule")
        batch.drop_column("reason")
    with op.batch_alter_table("event") as batch:
        batch.drop_column("round_dates")
        batch.drop_column("federation")
