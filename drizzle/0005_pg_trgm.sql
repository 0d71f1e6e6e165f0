-- "Contains" searches use trigram indexes (gin_trgm_ops); PGlite loads the extension as @electric-sql/pglite/contrib/pg_trgm.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
