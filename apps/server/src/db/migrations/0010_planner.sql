CREATE TABLE "planner_entries" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "planner_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"employee_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"starts_at" timestamp NOT NULL,
	"ends_at" timestamp NOT NULL,
	"all_day" boolean DEFAULT false NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "planner_entries_span_check" CHECK ("planner_entries"."ends_at" > "planner_entries"."starts_at" AND "planner_entries"."ends_at" <= "planner_entries"."starts_at" + interval '366 days'),
	CONSTRAINT "planner_entries_all_day_check" CHECK (NOT "planner_entries"."all_day" OR ("planner_entries"."starts_at"::time = '00:00' AND "planner_entries"."ends_at"::time = '00:00'))
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "color" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "planner_entries" ADD CONSTRAINT "planner_entries_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planner_entries" ADD CONSTRAINT "planner_entries_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planner_entries" ADD CONSTRAINT "planner_entries_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "planner_entries_starts_idx" ON "planner_entries" USING btree ("starts_at","id");--> statement-breakpoint
CREATE INDEX "planner_entries_employee_idx" ON "planner_entries" USING btree ("employee_id","starts_at");--> statement-breakpoint
CREATE INDEX "planner_entries_project_idx" ON "planner_entries" USING btree ("project_id","starts_at");--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_color_check" CHECK ("projects"."color" = '' OR "projects"."color" ~ '^#[0-9a-f]{6}$');