CREATE TABLE "timesheet_weeks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "timesheet_weeks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"employee_id" integer NOT NULL,
	"week_start" date NOT NULL,
	"status" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timesheet_weeks_status_check" CHECK ("timesheet_weeks"."status" in ('approved','returned')),
	CONSTRAINT "timesheet_weeks_monday_check" CHECK (extract(isodow from "timesheet_weeks"."week_start") = 1)
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"account_id" integer NOT NULL,
	"key" text NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"status" integer,
	"body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_account_id_key_pk" PRIMARY KEY("account_id","key"),
	CONSTRAINT "idempotency_keys_key_check" CHECK (length("idempotency_keys"."key") BETWEEN 8 AND 200)
);
--> statement-breakpoint
CREATE TABLE "project_article_budgets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "project_article_budgets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"project_id" integer NOT NULL,
	"area_id" integer,
	"amount" numeric(14, 2) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_article_budgets_amount_check" CHECK ("project_article_budgets"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "project_hour_budgets" (
	"project_id" integer NOT NULL,
	"activity" text NOT NULL,
	"minutes" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_hour_budgets_project_id_activity_pk" PRIMARY KEY("project_id","activity"),
	CONSTRAINT "project_hour_budgets_minutes_check" CHECK ("project_hour_budgets"."minutes" BETWEEN 0 AND 100000000)
);
--> statement-breakpoint
ALTER TABLE "timesheet_weeks" ADD CONSTRAINT "timesheet_weeks_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_weeks" ADD CONSTRAINT "timesheet_weeks_decided_by_accounts_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_article_budgets" ADD CONSTRAINT "project_article_budgets_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_article_budgets" ADD CONSTRAINT "project_article_budgets_area_id_project_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."project_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_hour_budgets" ADD CONSTRAINT "project_hour_budgets_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "timesheet_weeks_employee_week_key" ON "timesheet_weeks" USING btree ("employee_id","week_start");--> statement-breakpoint
CREATE INDEX "timesheet_weeks_week_idx" ON "timesheet_weeks" USING btree ("week_start","status");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "project_article_budgets_key" ON "project_article_budgets" USING btree ("project_id",coalesce("area_id", 0));--> statement-breakpoint
CREATE INDEX "project_article_budgets_area_idx" ON "project_article_budgets" USING btree ("area_id");