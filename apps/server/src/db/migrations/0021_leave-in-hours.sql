CREATE TABLE "collective_leave_employees" (
	"collective_leave_id" integer NOT NULL,
	"employee_id" integer NOT NULL,
	"role" text NOT NULL,
	CONSTRAINT "collective_leave_employees_collective_leave_id_employee_id_pk" PRIMARY KEY("collective_leave_id","employee_id"),
	CONSTRAINT "collective_leave_employees_role_check" CHECK ("collective_leave_employees"."role" in ('include','exclude'))
);
--> statement-breakpoint
CREATE TABLE "collective_leaves" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "collective_leaves_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"leave_type_id" integer NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"minutes_per_day" integer,
	"applies_to" text DEFAULT 'all' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collective_leaves_applies_check" CHECK ("collective_leaves"."applies_to" in ('all','selected')),
	CONSTRAINT "collective_leaves_period_check" CHECK ("collective_leaves"."ends_on" >= "collective_leaves"."starts_on")
);
--> statement-breakpoint
CREATE TABLE "hour_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "hour_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"weekdays" jsonb NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"effective_from" date NOT NULL,
	"kind" text NOT NULL,
	"percent" integer,
	"allowance_minutes" integer,
	"feeds_overtime" boolean DEFAULT true NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hour_rules_kind_check" CHECK ("hour_rules"."kind" in ('multiplier','allowance')),
	CONSTRAINT "hour_rules_value_check" CHECK (("hour_rules"."kind" = 'multiplier' AND "hour_rules"."percent" IS NOT NULL) OR ("hour_rules"."kind" = 'allowance' AND "hour_rules"."allowance_minutes" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "leave_lines" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "leave_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"employee_id" integer NOT NULL,
	"date" date NOT NULL,
	"kind" text NOT NULL,
	"minutes" integer NOT NULL,
	"counts" boolean DEFAULT true NOT NULL,
	"days" numeric(6, 2),
	"description" text DEFAULT '' NOT NULL,
	"leave_type_id" integer,
	"request_id" integer,
	"collective_leave_id" integer,
	"booked_hour_id" integer,
	"hour_rule_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leave_lines_kind_check" CHECK ("leave_lines"."kind" in ('leave','cancellation','correction','overtime')),
	CONSTRAINT "leave_lines_minutes_check" CHECK ("leave_lines"."minutes" <> 0 AND "leave_lines"."minutes" BETWEEN -60000 AND 60000)
);
--> statement-breakpoint
CREATE TABLE "leave_policy" (
	"id" integer PRIMARY KEY NOT NULL,
	"full_time_week_minutes" integer DEFAULT 2400 NOT NULL,
	"yearly_minutes" integer DEFAULT 12000 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leave_policy_single_check" CHECK ("leave_policy"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "leave_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "leave_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"employee_id" integer NOT NULL,
	"leave_type_id" integer NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"part_start" text,
	"part_end" text,
	"minutes" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decision_reason" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"cancelled_by" integer,
	"cancelled_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leave_requests_status_check" CHECK ("leave_requests"."status" in ('pending','approved','denied','cancelled')),
	CONSTRAINT "leave_requests_period_check" CHECK ("leave_requests"."ends_on" >= "leave_requests"."starts_on"),
	CONSTRAINT "leave_requests_part_check" CHECK (("leave_requests"."part_start" IS NULL) = ("leave_requests"."part_end" IS NULL) AND ("leave_requests"."part_start" IS NULL OR "leave_requests"."starts_on" = "leave_requests"."ends_on"))
);
--> statement-breakpoint
CREATE TABLE "leave_types" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "leave_types_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"code" text NOT NULL,
	"color" text NOT NULL,
	"counts_against_balance" boolean DEFAULT true NOT NULL,
	"needs_approval" boolean DEFAULT true NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sick_periods" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sick_periods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"employee_id" integer NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date,
	"notes" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sick_periods_period_check" CHECK ("sick_periods"."ends_on" IS NULL OR "sick_periods"."ends_on" >= "sick_periods"."starts_on")
);
--> statement-breakpoint
ALTER TABLE "booked_hours" ADD COLUMN "start_time" text;--> statement-breakpoint
ALTER TABLE "collective_leave_employees" ADD CONSTRAINT "collective_leave_employees_collective_leave_id_collective_leaves_id_fk" FOREIGN KEY ("collective_leave_id") REFERENCES "public"."collective_leaves"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collective_leave_employees" ADD CONSTRAINT "collective_leave_employees_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collective_leaves" ADD CONSTRAINT "collective_leaves_leave_type_id_leave_types_id_fk" FOREIGN KEY ("leave_type_id") REFERENCES "public"."leave_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collective_leaves" ADD CONSTRAINT "collective_leaves_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_lines" ADD CONSTRAINT "leave_lines_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_lines" ADD CONSTRAINT "leave_lines_leave_type_id_leave_types_id_fk" FOREIGN KEY ("leave_type_id") REFERENCES "public"."leave_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_lines" ADD CONSTRAINT "leave_lines_request_id_leave_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."leave_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_lines" ADD CONSTRAINT "leave_lines_collective_leave_id_collective_leaves_id_fk" FOREIGN KEY ("collective_leave_id") REFERENCES "public"."collective_leaves"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_lines" ADD CONSTRAINT "leave_lines_booked_hour_id_booked_hours_id_fk" FOREIGN KEY ("booked_hour_id") REFERENCES "public"."booked_hours"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_lines" ADD CONSTRAINT "leave_lines_hour_rule_id_hour_rules_id_fk" FOREIGN KEY ("hour_rule_id") REFERENCES "public"."hour_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_lines" ADD CONSTRAINT "leave_lines_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_requests" ADD CONSTRAINT "leave_requests_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_requests" ADD CONSTRAINT "leave_requests_leave_type_id_leave_types_id_fk" FOREIGN KEY ("leave_type_id") REFERENCES "public"."leave_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_requests" ADD CONSTRAINT "leave_requests_decided_by_accounts_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_requests" ADD CONSTRAINT "leave_requests_cancelled_by_accounts_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leave_requests" ADD CONSTRAINT "leave_requests_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sick_periods" ADD CONSTRAINT "sick_periods_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sick_periods" ADD CONSTRAINT "sick_periods_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collective_leave_employees_employee_idx" ON "collective_leave_employees" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "collective_leaves_period_idx" ON "collective_leaves" USING btree ("starts_on","ends_on");--> statement-breakpoint
CREATE INDEX "leave_lines_employee_date_idx" ON "leave_lines" USING btree ("employee_id","date","id");--> statement-breakpoint
CREATE INDEX "leave_lines_request_idx" ON "leave_lines" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "leave_lines_collective_idx" ON "leave_lines" USING btree ("collective_leave_id","employee_id");--> statement-breakpoint
CREATE INDEX "leave_lines_booked_hour_idx" ON "leave_lines" USING btree ("booked_hour_id");--> statement-breakpoint
CREATE INDEX "leave_lines_hour_rule_idx" ON "leave_lines" USING btree ("hour_rule_id");--> statement-breakpoint
CREATE INDEX "leave_lines_type_idx" ON "leave_lines" USING btree ("leave_type_id");--> statement-breakpoint
CREATE INDEX "leave_requests_employee_idx" ON "leave_requests" USING btree ("employee_id","starts_on","id");--> statement-breakpoint
CREATE INDEX "leave_requests_status_idx" ON "leave_requests" USING btree ("status","starts_on","id");--> statement-breakpoint
CREATE INDEX "leave_requests_type_idx" ON "leave_requests" USING btree ("leave_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "leave_types_code_key" ON "leave_types" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "sick_periods_employee_idx" ON "sick_periods" USING btree ("employee_id","starts_on");--> statement-breakpoint
ALTER TABLE "booked_hours" ADD CONSTRAINT "booked_hours_start_time_check" CHECK ("booked_hours"."start_time" IS NULL OR "booked_hours"."start_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$');--> statement-breakpoint
INSERT INTO "leave_policy" ("id") VALUES (1) ON CONFLICT DO NOTHING;
