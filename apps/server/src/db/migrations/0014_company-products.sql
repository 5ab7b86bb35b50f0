CREATE TABLE "company_products" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "company_products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"company_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"project_id" integer,
	"order_line_id" integer,
	"reference" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"type_name" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_products_unique_key" UNIQUE NULLS NOT DISTINCT("company_id","product_id","project_id")
);
--> statement-breakpoint
ALTER TABLE "company_products" ADD CONSTRAINT "company_products_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_products" ADD CONSTRAINT "company_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_products" ADD CONSTRAINT "company_products_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_products" ADD CONSTRAINT "company_products_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_products" ADD CONSTRAINT "company_products_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_products_type_idx" ON "company_products" USING btree ("company_id","type_name","id");--> statement-breakpoint
CREATE INDEX "company_products_project_idx" ON "company_products" USING btree ("company_id","project_id","id");--> statement-breakpoint
CREATE INDEX "company_products_product_idx" ON "company_products" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "company_products_order_line_idx" ON "company_products" USING btree ("order_line_id");--> statement-breakpoint
-- G3: a company product carries its product's article type name, so the portal's page grouped
-- and filtered by type walks company_products_type_idx without joining articles. The name is
-- taken when a row is added or points at another product, and passed on when a product gets
-- another article or an article another type name (an ERP sync). Only type_name is written.
CREATE FUNCTION company_products_type_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.type_name := (SELECT a.type_name FROM products p JOIN articles a ON a.id = p.article_id WHERE p.id = NEW.product_id);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER company_products_type_name_insert BEFORE INSERT ON company_products
  FOR EACH ROW EXECUTE FUNCTION company_products_type_name();
--> statement-breakpoint
CREATE TRIGGER company_products_type_name_update BEFORE UPDATE OF product_id ON company_products
  FOR EACH ROW WHEN (NEW.product_id IS DISTINCT FROM OLD.product_id) EXECUTE FUNCTION company_products_type_name();
--> statement-breakpoint
CREATE FUNCTION products_pass_type_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE company_products cp
     SET type_name = (SELECT a.type_name FROM articles a WHERE a.id = NEW.article_id)
   WHERE cp.product_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_pass_type_name AFTER UPDATE OF article_id ON products
  FOR EACH ROW WHEN (NEW.article_id IS DISTINCT FROM OLD.article_id) EXECUTE FUNCTION products_pass_type_name();
--> statement-breakpoint
CREATE FUNCTION articles_pass_type_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE company_products cp
     SET type_name = n.type_name
    FROM new_rows n
    JOIN old_rows o ON o.id = n.id
    JOIN products p ON p.article_id = n.id
   WHERE cp.product_id = p.id AND n.type_name IS DISTINCT FROM o.type_name;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER articles_pass_type_name AFTER UPDATE ON articles
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION articles_pass_type_name();
