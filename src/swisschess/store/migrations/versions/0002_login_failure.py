"""Failed arbiter logins per client, for the login back-off (web app hardening).

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
    op.create_table(
        "login_failure",
        sa.Column("key", sa.String(100), primary_key=True),
        sa.Column("failures", sa.Integer, nullable=False),
        sa.Column("last_at", sa.DateTime, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("login_failure")
