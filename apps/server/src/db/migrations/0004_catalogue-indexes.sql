-- D7: product slugs are unique in the database itself (assigned under a lock in the service).
CREATE UNIQUE INDEX products_slug_key ON products (slug);
--> statement-breakpoint
-- Article search on name and sku (ILIKE '%term%') at 100,000 articles: trigram indexes take it
-- from ~100 ms to a few ms.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX articles_name_trgm_idx ON articles USING gin (name gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX articles_sku_trgm_idx ON articles USING gin (sku gin_trgm_ops);
--> statement-breakpoint
-- The article list's other sort orders.
CREATE INDEX articles_type_sort_idx ON articles (type_name, lower(name), id);
--> statement-breakpoint
CREATE INDEX articles_synced_idx ON articles (synced_at, id);
