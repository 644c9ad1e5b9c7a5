"""The tie-break edition of the FFE's annex is named ``ffe-annex`` (it was ``seed003``, an internal name).

Rewrites the event's ``tiebreak_edition``, the undo journal's row images that hold it (so that undoing an old
change restores the new name), and the names of journal and audit entries that quote it ("Rule setting
tiebreaks.edition = seed003"). Nothing else changes.

Revision ID: 0005
Revises: 0004
"""

import json

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

_OLD, _NEW = "seed003", "ffe-annex"


def _rename(old: str, new: str) -> None:
    conn = op.get_bind()
    conn.execute(sa.text("UPDATE event SET tiebreak_edition = :new WHERE tiebreak_edition = :old"),
                 {"new": new, "old": old})
    for table in ("journal", "audit"):
        for column in ("label_en", "label_fr"):
            conn.execute(sa.text(f"UPDATE {table} SET {column} = replace({column}, :old, :new) "
                                 f"WHERE {column} LIKE :pattern"), {"old": old, "new": new, "pattern": f"%{old}%"})
    rows = conn.execute(sa.text("SELECT id, changes FROM journal WHERE changes LIKE :pattern"),
                        {"pattern": f"%{old}%"}).fetchall()
    for journal_id, changes in rows:
        try:
            entries = json.loads(changes)
        except ValueError:
            continue  # a damaged entry: the file's check on open names it
        touched = False
        for entry in entries if isinstance(entries, list) else ():
            if not isinstance(entry, dict) or entry.get("table") != "event":
                continue
            for image in (entry.get("before"), entry.get("after")):
                if isinstance(image, dict) and image.get("tiebreak_edition") == old:
                    image["tiebreak_edition"] = new
                    touched = True
        if touched:
            conn.execute(sa.text("UPDATE journal SET changes = :c WHERE id = :i"),
                         {"c": json.dumps(entries, ensure_ascii=False), "i": journal_id})


def upgrade() -> None:
    _rename(_OLD, _NEW)


def downgrade() -> None:
    _rename(_NEW, _OLD)
