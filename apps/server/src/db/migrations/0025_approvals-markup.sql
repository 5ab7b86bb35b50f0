CREATE TABLE "drawing_approvers" (
	"drawing_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	CONSTRAINT "drawing_approvers_drawing_id_account_id_pk" PRIMARY KEY("drawing_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"account_id" integer NOT NULL,
	"kind" text NOT NULL,
	"mode" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_account_id_kind_pk" PRIMARY KEY("account_id","kind"),
	CONSTRAINT "notification_preferences_mode_check" CHECK ("notification_preferences"."mode" in ('immediate','digest','app'))
);
--> statement-breakpoint
ALTER TABLE "drawing_comments" ADD COLUMN "parent_id" integer;--> statement-breakpoint
ALTER TABLE "drawing_comments" ADD COLUMN "anchor_page" integer;--> statement-breakpoint
ALTER TABLE "drawing_comments" ADD COLUMN "anchor_x" double precision;--> statement-breakpoint
ALTER TABLE "drawing_comments" ADD COLUMN "anchor_y" double precision;--> statement-breakpoint
ALTER TABLE "drawing_comments" ADD COLUMN "anchor_w" double precision;--> statement-breakpoint
ALTER TABLE "drawing_comments" ADD COLUMN "anchor_h" double precision;--> statement-breakpoint
ALTER TABLE "drawing_comments" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "drawing_comments" ADD COLUMN "resolved_by" integer;--> statement-breakpoint
ALTER TABLE "drawings" ADD COLUMN "area_id" integer;--> statement-breakpoint
ALTER TABLE "drawings" ADD COLUMN "due_date" text;--> statement-breakpoint
ALTER TABLE "drawings" ADD COLUMN "approval_rule" text DEFAULT 'any' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN "parent_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "project_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "due_date" text;--> statement-breakpoint
ALTER TABLE "drawing_approvers" ADD CONSTRAINT "drawing_approvers_drawing_id_drawings_id_fk" FOREIGN KEY ("drawing_id") REFERENCES "public"."drawings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drawing_approvers" ADD CONSTRAINT "drawing_approvers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "drawing_approvers_account_idx" ON "drawing_approvers" USING btree ("account_id");--> statement-breakpoint
ALTER TABLE "drawing_comments" ADD CONSTRAINT "drawing_comments_parent_id_drawing_comments_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."drawing_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drawing_comments" ADD CONSTRAINT "drawing_comments_resolved_by_accounts_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drawings" ADD CONSTRAINT "drawings_area_id_project_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."project_areas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_parent_id_order_events_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."order_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "drawing_comments_parent_idx" ON "drawing_comments" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "drawings_area_idx" ON "drawings" USING btree ("area_id");--> statement-breakpoint
CREATE INDEX "order_events_parent_idx" ON "order_events" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "orders_project_idx" ON "orders" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "notifications_digest_idx" ON "notifications" USING btree ("account_id","id") WHERE "notifications"."mail_state" = 'digest';--> statement-breakpoint
ALTER TABLE "drawing_comments" ADD CONSTRAINT "drawing_comments_anchor_check" CHECK (("drawing_comments"."anchor_page" IS NULL AND "drawing_comments"."anchor_x" IS NULL AND "drawing_comments"."anchor_y" IS NULL AND "drawing_comments"."anchor_w" IS NULL AND "drawing_comments"."anchor_h" IS NULL)
        OR ("drawing_comments"."anchor_page" >= 1 AND "drawing_comments"."anchor_x" BETWEEN 0 AND 1 AND "drawing_comments"."anchor_y" BETWEEN 0 AND 1
            AND (("drawing_comments"."anchor_w" IS NULL AND "drawing_comments"."anchor_h" IS NULL) OR ("drawing_comments"."anchor_w" > 0 AND "drawing_comments"."anchor_h" > 0 AND "drawing_comments"."anchor_x" + "drawing_comments"."anchor_w" <= 1.000001 AND "drawing_comments"."anchor_y" + "drawing_comments"."anchor_h" <= 1.000001))));--> statement-breakpoint
ALTER TABLE "drawings" ADD CONSTRAINT "drawings_due_date_check" CHECK ("drawings"."due_date" IS NULL OR "drawings"."due_date" ~ '^\d{4}-\d{2}-\d{2}$');--> statement-breakpoint
ALTER TABLE "drawings" ADD CONSTRAINT "drawings_approval_rule_check" CHECK ("drawings"."approval_rule" in ('any','all'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_due_date_check" CHECK ("orders"."due_date" IS NULL OR "orders"."due_date" ~ '^\d{4}-\d{2}-\d{2}$');