-- G3: filtered pages walk their filter's index in the list's default order; totals come from
-- article_counts, so the partial index that served count(*) of the live articles goes.
CREATE TABLE "article_counts" (
	"live" boolean NOT NULL,
	"type_code" text,
	"type_name" text,
	"supplier_name" text,
	"status" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "article_counts_key" UNIQUE NULLS NOT DISTINCT("live","type_code","type_name","supplier_name","status")
);
--> statement-breakpoint
DROP INDEX "articles_live_idx";--> statement-breakpoint
DROP INDEX "articles_type_idx";--> statement-breakpoint
DROP INDEX "articles_supplier_idx";--> statement-breakpoint
CREATE INDEX "articles_type_idx" ON "articles" USING btree ("type_code",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "articles_supplier_idx" ON "articles" USING btree ("supplier_name",lower("name"),"id");
--> statement-breakpoint
-- G3: the articles list's totals and the filters' counts without counting 100,000 rows a request.
-- article_counts holds how many articles there are per (live, type, supplier, status). Statement
-- triggers with transition tables keep it exact in the same transaction as every write, so a total
-- read from it is what count(*) would have answered. A write that changes none of those columns
-- (staff editing an article) adds nothing and locks nothing. Groups that reach 0 stay, with n = 0.
CREATE FUNCTION article_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO article_counts AS c (live, type_code, type_name, supplier_name, status, n)
      SELECT deleted_at IS NULL, type_code, type_name, supplier_name, status, count(*)::int
        FROM new_rows GROUP BY 1, 2, 3, 4, 5
      ON CONFLICT (live, type_code, type_name, supplier_name, status) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO article_counts AS c (live, type_code, type_name, supplier_name, status, n)
      SELECT deleted_at IS NULL, type_code, type_name, supplier_name, status, -count(*)::int
        FROM old_rows GROUP BY 1, 2, 3, 4, 5
      ON CONFLICT (live, type_code, type_name, supplier_name, status) DO UPDATE SET n = c.n + EXCLUDED.n;
  ELSE
    INSERT INTO article_counts AS c (live, type_code, type_name, supplier_name, status, n)
      SELECT live, type_code, type_name, supplier_name, status, sum(k)::int
        FROM (SELECT deleted_at IS NULL AS live, type_code, type_name, supplier_name, status, 1 AS k FROM new_rows
              UNION ALL
              SELECT deleted_at IS NULL, type_code, type_name, supplier_name, status, -1 FROM old_rows) d
       GROUP BY 1, 2, 3, 4, 5
      HAVING sum(k) <> 0
      ON CONFLICT (live, type_code, type_name, supplier_name, status) DO UPDATE SET n = c.n + EXCLUDED.n;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION article_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM article_counts;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER articles_counts_insert AFTER INSERT ON articles
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION article_counts_apply();
--> statement-breakpoint
CREATE TRIGGER articles_counts_update AFTER UPDATE ON articles
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION article_counts_apply();
--> statement-breakpoint
CREATE TRIGGER articles_counts_delete AFTER DELETE ON articles
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION article_counts_apply();
--> statement-breakpoint
CREATE TRIGGER articles_counts_truncate AFTER TRUNCATE ON articles
  FOR EACH STATEMENT EXECUTE FUNCTION article_counts_truncate();
--> statement-breakpoint
INSERT INTO article_counts (live, type_code, type_name, supplier_name, status, n)
  SELECT deleted_at IS NULL, type_code, type_name, supplier_name, status, count(*)::int
    FROM articles GROUP BY 1, 2, 3, 4, 5;
