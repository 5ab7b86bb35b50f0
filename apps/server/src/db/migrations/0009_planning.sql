CREATE TABLE "project_templates" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "project_templates_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"area_count" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "template_applications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "template_applications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"template_id" integer,
	"project_id" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"skipped_sample" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error" text,
	"created_by" integer,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "template_applications_status_check" CHECK ("template_applications"."status" in ('queued','running','done','failed'))
);
--> statement-breakpoint
CREATE TABLE "template_areas" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "template_areas_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"template_id" integer NOT NULL,
	"parent_id" integer,
	"kind" text NOT NULL,
	"number" text DEFAULT '' NOT NULL,
	"name" text NOT NULL,
	"area_type" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "template_areas_kind_check" CHECK ("template_areas"."kind" in ('deck','area','subarea')),
	CONSTRAINT "template_areas_parent_check" CHECK (("template_areas"."kind" = 'deck' AND "template_areas"."parent_id" IS NULL) OR "template_areas"."kind" = 'area' OR ("template_areas"."kind" = 'subarea' AND "template_areas"."parent_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "timeline_tasks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "timeline_tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"project_id" integer NOT NULL,
	"area_id" integer,
	"task_id" integer,
	"title" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"start_week" date NOT NULL,
	"weeks" integer DEFAULT 1 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timeline_tasks_target_check" CHECK (("timeline_tasks"."area_id" IS NULL) <> ("timeline_tasks"."task_id" IS NULL)),
	CONSTRAINT "timeline_tasks_monday_check" CHECK (extract(isodow FROM "timeline_tasks"."start_week") = 1),
	CONSTRAINT "timeline_tasks_weeks_check" CHECK ("timeline_tasks"."weeks" BETWEEN 1 AND 104)
);
--> statement-breakpoint
ALTER TABLE "project_templates" ADD CONSTRAINT "project_templates_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_applications" ADD CONSTRAINT "template_applications_template_id_project_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."project_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_applications" ADD CONSTRAINT "template_applications_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_applications" ADD CONSTRAINT "template_applications_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_areas" ADD CONSTRAINT "template_areas_template_id_project_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."project_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_areas" ADD CONSTRAINT "template_areas_parent_id_template_areas_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."template_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timeline_tasks" ADD CONSTRAINT "timeline_tasks_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timeline_tasks" ADD CONSTRAINT "timeline_tasks_area_id_project_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."project_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timeline_tasks" ADD CONSTRAINT "timeline_tasks_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timeline_tasks" ADD CONSTRAINT "timeline_tasks_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "project_templates_title_idx" ON "project_templates" USING btree (lower("title"),"id");--> statement-breakpoint
CREATE INDEX "template_applications_project_idx" ON "template_applications" USING btree ("project_id","id");--> statement-breakpoint
CREATE INDEX "template_areas_template_idx" ON "template_areas" USING btree ("template_id","sort_order","id");--> statement-breakpoint
CREATE INDEX "template_areas_parent_idx" ON "template_areas" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "timeline_tasks_project_idx" ON "timeline_tasks" USING btree ("project_id","start_week","id");--> statement-breakpoint
CREATE INDEX "timeline_tasks_area_idx" ON "timeline_tasks" USING btree ("area_id");--> statement-breakpoint
CREATE INDEX "timeline_tasks_task_idx" ON "timeline_tasks" USING btree ("task_id");