"""The undo journal and the audit log keep each action's name as a message, not as its English and French texts.

``journal`` and ``audit`` had ``label_en`` and ``label_fr``; they get one ``label`` column holding JSON: a
catalogue message (``{"msgid": ..., "msgctxt": ..., "params": {...}}``, written by the program from schema 6 on)
or a text in each language (``{"en": ..., "fr": ...}``). The rows stored before keep their two texts in the
second form: which message wrote them is not known. A language added later shows both without a migration.

Downgrade: each label is written out again in English and French (a message through the catalogue, as the
program of schema 6 renders it).

Revision ID: 0006
Revises: 0005
"""

import json
from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

_TABLES = ("journal", "audit")


def _text_or_damage(value: object) -> object:
    """A stored name as it is; a value no version writes (a number, binary data) is kept as a non-text JSON value
    so that the file's check on open still names it."""
    return value if isinstance(value, str | int | float) or value is None else None


def upgrade() -> None:
    conn = op.get_bind()
    for table in _TABLES:
        with op.batch_alter_table(table) as batch:
            batch.add_column(sa.Column("label", sa.Text, nullable=False, server_default=""))
        rows = conn.execute(sa.text(f"SELECT id, label_en, label_fr FROM {table}")).fetchall()
        for row_id, en, fr in rows:
            label = {"en": _text_or_damage(en), "fr": _text_or_damage(fr)}
            conn.execute(sa.text(f"UPDATE {table} SET label = :label WHERE id = :id"),
                         {"label": json.dumps(label, ensure_ascii=False), "id": row_id})
        with op.batch_alter_table(table) as batch:
            batch.drop_column("label_en")
            batch.drop_column("label_fr")
            batch.alter_column("label", server_default=None)


# -- downgrade: the messages written out, with the data shape of schema 6 (frozen here, as the revision is) -------
def _render(data: Any, lang: str) -> str:
    if isinstance(data, dict) and isinstance(data.get("msgid"), str):
        from tournament_desk.i18n import translate  # the catalogue: only the texts, not the current code

        source: str = data["msgid"]
        found_context, found_params = data.get("msgctxt"), data.get("params")
        context = found_context if isinstance(found_context, str) else ""
        params: dict[Any, Any] = found_params if isinstance(found_params, dict) else {}
        values = {str(k): (_render(v, lang) if isinstance(v, dict) else v) for k, v in params.items()}
        for template in (translate(source, lang, context), source):
            try:
                return template.format(**values) if values else template
            except (KeyError, IndexError, ValueError, AttributeError, TypeError):
                continue
        return source
    if isinstance(data, dict):
        text = data.get(lang, data.get("en", ""))
        return text if isinstance(text, str) else str(text)
    return "" if data is None else str(data)


def downgrade() -> None:
    conn = op.get_bind()
    for table in _TABLES:
        with op.batch_alter_table(table) as batch:
            batch.add_column(sa.Column("label_en", sa.String(200), nullable=False, server_default=""))
            batch.add_column(sa.Column("label_fr", sa.String(200), nullable=False, server_default=""))
        rows = conn.execute(sa.text(f"SELECT id, label FROM {table}")).fetchall()
        for row_id, label in rows:
            try:
                data = json.loads(label)
            except (TypeError, ValueError, RecursionError):
                data = label  # damaged: kept as it is
            conn.execute(sa.text(f"UPDATE {table} SET label_en = :en, label_fr = :fr WHERE id = :id"),
                         {"en": _render(data, "en"), "fr": _render(data, "fr"), "id": row_id})
        with op.batch_alter_table(table) as batch:
            batch.drop_column("label")
            batch.alter_column("label_en", server_default=None)
            batch.alter_column("label_fr", server_default=None)
