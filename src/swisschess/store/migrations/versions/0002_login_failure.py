"""Failed arbiter logins per client, for the login back-off (web app hardening)."""

import sqlalchemy as sa

from swisschess.store.migrations.tables import new_table

revision = "0002"
down_revision = "0001"  # no branch labels, no dependencies (alembic's defaults)

upgrade, downgrade = new_table(
    "login_failure",
    sa.Column("key", sa.String(100), primary_key=True),
    sa.Column("failures", sa.Integer, nullable=False),
    sa.Column("last_at", sa.DateTime, nullable=False),
)
