CREATE TABLE "article_media" (
	"article_id" integer NOT NULL,
	"media_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "article_media_article_id_media_id_pk" PRIMARY KEY("article_id","media_id")
);
--> statement-breakpoint
CREATE TABLE "articles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "articles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"erp_id" text NOT NULL,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"type_code" text,
	"type_name" text,
	"unit" text,
	"supplier_code" text,
	"supplier_name" text,
	"status" text NOT NULL,
	"length_mm" double precision,
	"width_mm" double precision,
	"height_mm" double precision,
	"weight_kg" double precision,
	"cost_price" numeric(14, 4),
	"erp_modified_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"usage" text,
	"specifications" text,
	"options" text,
	"impression_media_id" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "articles_status_check" CHECK ("articles"."status" in ('active','blocked','discontinued'))
);
--> statement-breakpoint
CREATE TABLE "attributes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "attributes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"name_nl" text NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"type_group_id" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attributes_kind_check" CHECK ("attributes"."kind" in ('areas','categories','features','preferences','types','type-groups','suppliers','materials')),
	CONSTRAINT "attributes_type_group_check" CHECK ("attributes"."type_group_id" IS NULL OR "attributes"."kind" = 'types')
);
--> statement-breakpoint
CREATE TABLE "media" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "media_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"storage_key" text NOT NULL,
	"original_name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "product_attributes" (
	"product_id" integer NOT NULL,
	"attribute_id" integer NOT NULL,
	CONSTRAINT "product_attributes_product_id_attribute_id_pk" PRIMARY KEY("product_id","attribute_id")
);
--> statement-breakpoint
CREATE TABLE "product_category_order" (
	"category_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "product_category_order_category_id_product_id_pk" PRIMARY KEY("category_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "product_media" (
	"product_id" integer NOT NULL,
	"media_id" integer NOT NULL,
	"role" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "product_media_product_id_role_media_id_pk" PRIMARY KEY("product_id","role","media_id"),
	CONSTRAINT "product_media_role_check" CHECK ("product_media"."role" in ('gallery','carousel'))
);
--> statement-breakpoint
CREATE TABLE "product_relations" (
	"product_id" integer NOT NULL,
	"related_id" integer NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "product_relations_product_id_related_id_pk" PRIMARY KEY("product_id","related_id"),
	CONSTRAINT "product_relations_self_check" CHECK ("product_relations"."product_id" <> "product_relations"."related_id")
);
--> statement-breakpoint
CREATE TABLE "product_robox_materials" (
	"product_id" integer NOT NULL,
	"robox_material_id" integer NOT NULL,
	CONSTRAINT "product_robox_materials_product_id_robox_material_id_pk" PRIMARY KEY("product_id","robox_material_id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"article_id" integer,
	"parent_id" integer,
	"slug" text NOT NULL,
	"name_nl" text NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"description_nl" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"sort_order" integer NOT NULL,
	"tearsheet_media_id" integer,
	"header_media_id" integer,
	"extended_media_id" integer,
	"extended_video_url" text,
	"downloads" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"featured_project" jsonb,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "robox_material_categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "robox_material_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "robox_materials" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "robox_materials_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"code" text NOT NULL,
	"category_id" integer,
	"thickness_mm" double precision,
	"sheet_length_mm" double precision,
	"sheet_width_mm" double precision,
	"colour_finish" text DEFAULT '' NOT NULL,
	"supplier_id" integer,
	"article_id" integer,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sync_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sync_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"trigger" text NOT NULL,
	"triggered_by" integer,
	"status" text NOT NULL,
	"phase" text NOT NULL,
	"fetched" integer DEFAULT 0 NOT NULL,
	"expected" integer,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"deleted" integer DEFAULT 0 NOT NULL,
	"error" text,
	"error_detail" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "sync_runs_status_check" CHECK ("sync_runs"."status" in ('queued','running','succeeded','failed','aborted'))
);
--> statement-breakpoint
CREATE TABLE "sync_staging" (
	"run_id" integer NOT NULL,
	"erp_id" text NOT NULL,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"type_code" text,
	"type_name" text,
	"unit" text,
	"supplier_code" text,
	"supplier_name" text,
	"status" text NOT NULL,
	"length_mm" double precision,
	"width_mm" double precision,
	"height_mm" double precision,
	"weight_kg" double precision,
	"cost_price" numeric(14, 4),
	"erp_modified_at" timestamp with time zone,
	CONSTRAINT "sync_staging_run_id_erp_id_pk" PRIMARY KEY("run_id","erp_id")
);
--> statement-breakpoint
ALTER TABLE "article_media" ADD CONSTRAINT "article_media_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_media" ADD CONSTRAINT "article_media_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_impression_media_id_media_id_fk" FOREIGN KEY ("impression_media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attributes" ADD CONSTRAINT "attributes_type_group_id_attributes_id_fk" FOREIGN KEY ("type_group_id") REFERENCES "public"."attributes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_attributes" ADD CONSTRAINT "product_attributes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_attributes" ADD CONSTRAINT "product_attributes_attribute_id_attributes_id_fk" FOREIGN KEY ("attribute_id") REFERENCES "public"."attributes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_category_order" ADD CONSTRAINT "product_category_order_category_id_attributes_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."attributes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_category_order" ADD CONSTRAINT "product_category_order_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_media" ADD CONSTRAINT "product_media_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_media" ADD CONSTRAINT "product_media_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_relations" ADD CONSTRAINT "product_relations_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_relations" ADD CONSTRAINT "product_relations_related_id_products_id_fk" FOREIGN KEY ("related_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_robox_materials" ADD CONSTRAINT "product_robox_materials_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_robox_materials" ADD CONSTRAINT "product_robox_materials_robox_material_id_robox_materials_id_fk" FOREIGN KEY ("robox_material_id") REFERENCES "public"."robox_materials"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_parent_id_products_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_tearsheet_media_id_media_id_fk" FOREIGN KEY ("tearsheet_media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_header_media_id_media_id_fk" FOREIGN KEY ("header_media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_extended_media_id_media_id_fk" FOREIGN KEY ("extended_media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robox_materials" ADD CONSTRAINT "robox_materials_category_id_robox_material_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."robox_material_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robox_materials" ADD CONSTRAINT "robox_materials_supplier_id_attributes_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."attributes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robox_materials" ADD CONSTRAINT "robox_materials_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_runs" ADD CONSTRAINT "sync_runs_triggered_by_accounts_id_fk" FOREIGN KEY ("triggered_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_staging" ADD CONSTRAINT "sync_staging_run_id_sync_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."sync_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "articles_erp_id_key" ON "articles" USING btree ("erp_id");--> statement-breakpoint
CREATE INDEX "articles_name_idx" ON "articles" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "articles_sku_idx" ON "articles" USING btree ("sku");--> statement-breakpoint
CREATE INDEX "articles_type_idx" ON "articles" USING btree ("type_code");--> statement-breakpoint
CREATE INDEX "articles_supplier_idx" ON "articles" USING btree ("supplier_name");--> statement-breakpoint
CREATE INDEX "articles_live_idx" ON "articles" USING btree ("id") WHERE "articles"."deleted_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "attributes_kind_name_key" ON "attributes" USING btree ("kind",lower("name_nl"));--> statement-breakpoint
CREATE INDEX "attributes_type_group_idx" ON "attributes" USING btree ("type_group_id");--> statement-breakpoint
CREATE INDEX "product_attributes_attribute_idx" ON "product_attributes" USING btree ("attribute_id","product_id");--> statement-breakpoint
CREATE INDEX "product_media_media_idx" ON "product_media" USING btree ("media_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_article_id_key" ON "products" USING btree ("article_id");--> statement-breakpoint
CREATE INDEX "products_parent_idx" ON "products" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "products_published_order_idx" ON "products" USING btree ("sort_order") WHERE "products"."published";--> statement-breakpoint
CREATE INDEX "products_name_idx" ON "products" USING btree (lower("name_nl"));--> statement-breakpoint
CREATE UNIQUE INDEX "robox_materials_code_key" ON "robox_materials" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "robox_materials_category_idx" ON "robox_materials" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "robox_materials_supplier_idx" ON "robox_materials" USING btree ("supplier_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sync_runs_one_active_key" ON "sync_runs" USING btree ((true)) WHERE "sync_runs"."status" in ('queued','running');