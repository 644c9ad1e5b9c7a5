"""Requested byes, forbidden pairs, the top cut and the event options become tables the schema knows.

Up to schema 3 they were text in the ``meta`` table (``option:request.3.17`` = ``hpb``, ``option:topcut.seeds``
= ``8,7,5,4``, ``option:dutch.initial_colour``...). This revision creates ``bye_request``, ``forbidden_pair``,
``top_cut``, ``top_cut_playoff`` and ``option``, adds the event's ``initial_colour``, ``acceleration`` and
``numbering``, and moves every such value from ``meta`` into them. The undo journal is cleared: its entries
name the old ``meta`` rows, which no longer exist (the audit log, which only names actions, is kept).

Revision ID: 0004
Revises: 0003
"""

import json

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

_REQUEST_KINDS = {"hpb", "fpb", "zpb"}


def upgrade() -> None:
    op.create_table(
        "bye_request",
        sa.Column("round", sa.Integer, primary_key=True),
        sa.Column("player_id", sa.Integer, sa.ForeignKey("player.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("kind", sa.String(12), nullable=False),
    )
    op.create_table(
        "forbidden_pair",
        sa.Column("player_a", sa.Integer, sa.ForeignKey("player.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("player_b", sa.Integer, sa.ForeignKey("player.id", ondelete="CASCADE"), primary_key=True),
    )
    op.create_table(
        "top_cut",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("size", sa.Integer, nullable=False),
        sa.Column("draw_rule", sa.String(12), nullable=False),
        sa.Column("after_round", sa.Integer, nullable=False),
        sa.Column("seeds", sa.Text, nullable=False),
    )
    op.create_table(
        "top_cut_playoff",
        sa.Column("stage", sa.Integer, primary_key=True),
        sa.Column("white_id", sa.Integer, sa.ForeignKey("player.id"), primary_key=True),
        sa.Column("winner_id", sa.Integer, sa.ForeignKey("player.id"), nullable=False),
    )
    op.create_table(
        "option",
        sa.Column("key", sa.String(64), primary_key=True),
        sa.Column("value", sa.Text, nullable=False),
    )
    with op.batch_alter_table("event") as batch:
        batch.add_column(sa.Column("initial_colour", sa.String(5), nullable=False, server_default=""))
        batch.add_column(sa.Column("acceleration", sa.String(10), nullable=False, server_default=""))
        batch.add_column(sa.Column("numbering", sa.String(60), nullable=False, server_default=""))
    _move_meta()


def _move_meta() -> None:
    conn = op.get_bind()
    meta: dict[str, str] = {key: value for key, value in conn.execute(sa.text("SELECT key, value FROM meta"))}
    players = {row[0] for row in conn.execute(sa.text("SELECT id FROM player"))}
    options = {k[len("option:"):]: v for k, v in meta.items() if k.startswith("option:")}
    moved: list[str] = []
    for key, value in options.items():
        if key.startswith("request."):
            parts = key.split(".")
            if len(parts) == 3 and parts[1].isdigit() and parts[2].isdigit() and value in _REQUEST_KINDS \
                    and int(parts[2]) in players:
                conn.execute(sa.text("INSERT INTO bye_request (round, player_id, kind) VALUES (:r, :p, :k)"),
                             {"r": int(parts[1]), "p": int(parts[2]), "k": value})
            moved.append(key)  # "none" (a cancelled request) or damaged: nothing to keep
        elif key == "dutch.initial_colour":
            if value in ("white", "black"):
                conn.execute(sa.text("UPDATE event SET initial_colour = :v"), {"v": value})
            moved.append(key)
        elif key.startswith("topcut."):
            moved.append(key)
        else:
            conn.execute(sa.text("INSERT INTO option (key, value) VALUES (:k, :v)"), {"k": key, "v": value})
            moved.append(key)
    if "topcut.seeds" in options:
        try:
            seeds = [int(x) for x in options["topcut.seeds"].split(",") if x]
            conn.execute(sa.text("INSERT INTO top_cut (id, size, draw_rule, after_round, seeds) "
                                 "VALUES (1, :s, :d, :a, :seeds)"),
                         {"s": int(options["topcut.size"]), "d": options["topcut.draw_rule"],
                          "a": int(options["topcut.after_round"]), "seeds": json.dumps(seeds)})
            for key, value in options.items():
                if key.startswith("topcut.playoff."):
                    _, _, stage, white = key.split(".")
                    conn.execute(sa.text("INSERT INTO top_cut_playoff (stage, white_id, winner_id) "
                                         "VALUES (:s, :w, :v)"), {"s": int(stage), "w": int(white), "v": int(value)})
        except (KeyError, ValueError):
            pass  # damaged settings (the previous release refused them too): the top cut is not carried over
    method = meta.get("pairing_numbers_method")
    if method:
        conn.execute(sa.text("UPDATE event SET numbering = :v"), {"v": method[:60]})
        moved.append("pairing_numbers_method")
    for key in moved:
        conn.execute(sa.text("DELETE FROM meta WHERE key = :k"),
                     {"k": key if key == "pairing_numbers_method" else f"option:{key}"})
    conn.execute(sa.text("DELETE FROM journal"))


def downgrade() -> None:
    conn = op.get_bind()
    for key, value in conn.execute(sa.text("SELECT key, value FROM option")).fetchall():
        conn.execute(sa.text("INSERT INTO meta (key, value) VALUES (:k, :v)"), {"k": f"option:{key}", "v": value})
    for rnd, pid, kind in conn.execute(sa.text("SELECT round, player_id, kind FROM bye_request")).fetchall():
        conn.execute(sa.text("INSERT INTO meta (key, value) VALUES (:k, :v)"),
                     {"k": f"option:request.{rnd}.{pid}", "v": kind})
    for table in ("option", "top_cut_playoff", "top_cut", "forbidden_pair", "bye_request"):
        op.drop_table(table)
    with op.batch_alter_table("event") as batch:
        batch.drop_column("numbering")
        batch.drop_column("acceleration")
        batch.drop_column("initial_colour")
