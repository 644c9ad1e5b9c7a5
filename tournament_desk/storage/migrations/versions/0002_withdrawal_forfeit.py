"""Remember, per withdrawn player, which forfeit his remaining round-robin games become (0fe or 0fne).

Revision ID: 0002
Revises: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("player") as batch:
        batch.add_column(sa.Column("withdrawal_forfeit", sa.String(8), nullable=False, server_default="0fe"))


def downgrade() -> None:
    with op.batch_alter_table("player") as batch:
        batch.drop_column("withdrawal_forfeit")
