"""Alembic migrations of the store, shipped in the package and run on open."""
