"""Sessions ended by "Log out" before they expire (web app hardening)."""

import sqlalchemy as sa

from swisschess.store.migrations.tables import new_table

revision = "0003"
down_revision = "0002"  # no branch labels, no dependencies (alembic's defaults)

upgrade, downgrade = new_table(
    "revoked_session",
    sa.Column("sid", sa.String(64), primary_key=True),
    sa.Column("expires_at", sa.DateTime, nullable=False),
)
