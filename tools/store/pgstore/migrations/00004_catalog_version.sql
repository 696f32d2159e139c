-- The catalog's version (issue 28): one number that every write of the
-- channels table raises in its own transaction (Upsert's batches,
-- Truncate). A service instance keeps the similar sets it has ranked
-- (pgstore's set cache) under the version it read before ranking them,
-- so a page or a count of the same anchor search reuses the set until any
-- instance changes the catalog, and never serves an older one after.

-- +goose Up
CREATE TABLE catalog_version (
    id                  boolean PRIMARY KEY DEFAULT true CHECK (id),
    version             bigint NOT NULL
);
INSERT INTO catalog_version (id, version) VALUES (true, 1);

-- +goose Down
DROP TABLE catalog_version;
