"""Team events: the event's team rules, the teams with their rosters, the matches of each round and the line-ups.

``event`` gets ``team_rules`` (JSON of :class:`core.teams.model.TeamRules`; empty text for an individual event,
which every file written before is). Three tables are created: ``team`` (a team, its roster in board order as a
JSON list of player ids), ``team_match`` (two teams meeting in a round, the first named the home team) and
``lineup`` (a team's line-up for a round, a JSON list of player ids by board, ``null`` for an empty board). An
older file gains empty tables and opens unchanged.

Downgrade: the tables and the column go (a team event's team layer with them; its games stay).

Revision ID: 0007
Revises: 0006
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("event") as batch:
        batch.add_column(sa.Column("team_rules", sa.Text, nullable=False, server_default=""))
    op.create_table(
        "team",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("code", sa.String(5), nullable=False, server_default=""),
        sa.Column("club", sa.String(200), nullable=False, server_default=""),
        sa.Column("federation", sa.String(10), nullable=False, server_default=""),
        sa.Column("captain", sa.String(100), nullable=False, server_default=""),
        sa.Column("pairing_number", sa.Integer, nullable=True),
        sa.Column("members", sa.Text, nullable=False, server_default="[]"),
    )
    op.create_table(
        "team_match",
        sa.Column("round", sa.Integer, sa.ForeignKey("round.number"), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("home", sa.Integer, sa.ForeignKey("team.id"), nullable=False),
        sa.Column("away", sa.Integer, sa.ForeignKey("team.id"), nullable=False),
        sa.Column("forfeit", sa.String(5), nullable=False, server_default=""),
    )
    op.create_table(
        "lineup",
        sa.Column("round", sa.Integer, sa.ForeignKey("round.number"), primary_key=True),
        sa.Column("team", sa.Integer, sa.ForeignKey("team.id"), primary_key=True),
        sa.Column("players", sa.Text, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("lineup")
    op.drop_table("team_match")
    op.drop_table("team")
    with op.batch_alter_table("event") as batch:
        batch.drop_column("team_rules")
