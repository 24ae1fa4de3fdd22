"""The shape most migrations share: add one table (upgrade), drop it (downgrade)."""

from __future__ import annotations

from collections.abc import Callable

import sqlalchemy as sa
from alembic import op


def new_table(name: str, *columns: sa.Column) -> tuple[Callable[[], None], Callable[[], None]]:
    """``(upgrade, downgrade)`` of a revision that adds the table ``name``."""

    def upgrade() -> None:
        op.create_table(name, *columns)

    def downgrade() -> None:
        op.drop_table(name)

    return upgrade, downgrade
