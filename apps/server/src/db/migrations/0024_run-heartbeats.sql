-- Issue 25, fault 7: runs carry a heartbeat written by the process running them; a run whose heartbeat stopped is taken over or failed.
ALTER TABLE "export_runs" ADD COLUMN "heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "template_applications" ADD COLUMN "heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "template_applications" ADD COLUMN "resumed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "export_runs_active_idx" ON "export_runs" USING btree ("heartbeat_at") WHERE "export_runs"."status" in ('queued','running') or ("export_runs"."status" = 'failed' and "export_runs"."storage_key" is not null);--> statement-breakpoint
CREATE INDEX "template_applications_active_idx" ON "template_applications" USING btree ("heartbeat_at") WHERE "template_applications"."status" in ('queued','running');