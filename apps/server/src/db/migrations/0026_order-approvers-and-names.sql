CREATE TABLE "order_approvers" (
	"order_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	CONSTRAINT "order_approvers_order_id_account_id_pk" PRIMARY KEY("order_id","account_id")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "approval_rule" text DEFAULT 'any' NOT NULL;--> statement-breakpoint
ALTER TABLE "leave_types" ADD COLUMN "name_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "declaration_categories" ADD COLUMN "name_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "declaration_payment_types" ADD COLUMN "name_en" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_approvers" ADD CONSTRAINT "order_approvers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_approvers" ADD CONSTRAINT "order_approvers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_approvers_account_idx" ON "order_approvers" USING btree ("account_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_approval_rule_check" CHECK ("orders"."approval_rule" in ('any','all'));