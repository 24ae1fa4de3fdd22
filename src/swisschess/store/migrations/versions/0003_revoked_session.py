"""Sessions ended by "Log out" before they expire (web app hardening)."""

import sqlalchemy as sa

from swisschess.store.migrations.tables import new_table

# this revision and the one it follows (no branch labels, no dependencies)
revision, down_revision = "0003", "0002"

upgrade, downgrade = new_table(
    "revoked_session",
    sa.Column("sid", sa.String(64), primary_key=True),
    sa.Column("expires_at", sa.DateTime, nullable=False),
)
