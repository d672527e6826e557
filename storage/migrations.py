"""Numbered schema migrations, applied in order at start-up (``PRAGMA user_version`` holds the
number of the last one applied). Never edit a released migration: add the next number."""

from __future__ import annotations

MIGRATIONS: list[tuple[int, list[str]]] = [
    (
        1,
        [
            """CREATE TABLE guilds (
                id TEXT PRIMARY KEY,
                created_at TEXT NOT NULL
            )""",
            """CREATE TABLE campaigns (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                guild_id TEXT NOT NULL REFERENCES guilds(id),
                channel_id TEXT NOT NULL,
                name TEXT NOT NULL,
                status TEXT NOT NULL CHECK (status IN ('active', 'ended')),
                gm_role_id TEXT,
                created_by TEXT NOT NULL,
                seq INTEGER NOT NULL,
                state_json TEXT NOT NULL,
                created_at TEXT NOT NULL
            )""",
            """CREATE UNIQUE INDEX one_active_campaign_per_channel
                ON campaigns(guild_id, channel_id) WHERE status = 'active'""",
            """CREATE TABLE members (
                campaign_id INTEGER NOT NULL REFERENCES campaigns(id),
                user_id TEXT NOT NULL,
                role TEXT NOT NULL CHECK (role IN ('gm', 'player')),
                joined_at TEXT NOT NULL,
                PRIMARY KEY (campaign_id, user_id)
            )""",
            """CREATE TABLE log (
                campaign_id INTEGER NOT NULL REFERENCES campaigns(id),
                seq INTEGER NOT NULL,
                kind TEXT NOT NULL,
                actor TEXT NOT NULL,
                command TEXT NOT NULL,
                action_json TEXT,
                rolls_json TEXT NOT NULL,
                events_json TEXT NOT NULL,
                target_seq INTEGER,
                created_at TEXT NOT NULL,
                PRIMARY KEY (campaign_id, seq)
            )""",
            """CREATE TABLE snapshots (
                campaign_id INTEGER NOT NULL REFERENCES campaigns(id),
                seq INTEGER NOT NULL,
                state_json TEXT NOT NULL,
                PRIMARY KEY (campaign_id, seq)
            )""",
        ],
    ),
    (
        2,
        [
            # when a campaign last changed, for operators watching the bot (docs/operations.md)
            "ALTER TABLE campaigns ADD COLUMN updated_at TEXT",
            "UPDATE campaigns SET updated_at = created_at",
        ],
    ),
    (
        3,
        [
            # whoever acts in a campaign becomes one of its players, in the same write as the log entry
            """CREATE TRIGGER log_adds_member AFTER INSERT ON log WHEN NEW.kind != 'campaign'
               BEGIN
                   INSERT OR IGNORE INTO members(campaign_id, user_id, role, joined_at)
                   VALUES (NEW.campaign_id, NEW.actor, 'player', NEW.created_at);
               END""",
        ],
    ),
    (
        4,
        [
            # a guild's own content packs (/content upload): one YAML text each, named by its manifest id
            """CREATE TABLE guild_packs (
                guild_id TEXT NOT NULL REFERENCES guilds(id),
                name TEXT NOT NULL,
                yaml TEXT NOT NULL,
                uploaded_by TEXT NOT NULL,
                uploaded_at TEXT NOT NULL,
                PRIMARY KEY (guild_id, name)
            )""",
        ],
    ),
]
