"""Storage: the interface (storage.base) and its two backends, which register themselves with it when imported
(SQLite, storage.db, imported here; PostgreSQL, storage.postgres, imported on the first PostgreSQL URL opened, so a
bot on SQLite never loads asyncpg: start-up time)."""

from storage import db  # noqa: F401  (registers its backend with storage.base)
from storage.base import Database, register_backend


async def _postgres(url: str) -> Database:
    """The PostgreSQL backend's ``connect``, imported when first needed (it then registers itself in our place)."""
    from storage.postgres import PostgresDatabase

    return await PostgresDatabase.connect(url)


register_backend("postgresql", _postgres)
