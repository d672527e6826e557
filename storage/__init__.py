"""Storage: the interface (storage.base) and its two backends, which register themselves with it when imported here
(SQLite, storage.db; PostgreSQL, storage.postgres)."""

from storage import db, postgres  # noqa: F401  (each registers its backend with storage.base)
