-- One search for everything (issue 14): trigram indexes on the searched expressions, so lower(expr) LIKE '%term%' is an index scan.
CREATE INDEX "drawings_name_trgm" ON "drawings" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_name_nl_trgm" ON "products" USING gin (lower("name_nl") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_name_en_trgm" ON "products" USING gin (lower("name_en") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "companies_name_trgm" ON "companies" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "company_users_name_trgm" ON "company_users" USING gin (lower("first_name" || ' ' || coalesce(nullif("insertion", '') || ' ', '') || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "employees_name_trgm" ON "employees" USING gin (lower("first_name" || ' ' || coalesce(nullif("insertion", '') || ' ', '') || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "project_areas_name_trgm" ON "project_areas" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tasks_name_trgm" ON "tasks" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tickets_description_trgm" ON "tickets" USING gin (lower("description") gin_trgm_ops);