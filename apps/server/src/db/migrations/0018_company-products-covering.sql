DROP INDEX "company_products_type_idx";--> statement-breakpoint
CREATE INDEX "company_products_type_idx" ON "company_products" USING btree ("company_id","type_name","id","project_id","order_line_id");