-- One process per shard: the process serving a shard holds its lease and renews it while it
-- lives; a lease that is not renewed lapses, and another process may take the shard over.
CREATE TABLE shard_leases (
    shard INTEGER PRIMARY KEY,
    shard_count INTEGER NOT NULL,
    owner TEXT NOT NULL,
    expires_at REAL NOT NULL
);
