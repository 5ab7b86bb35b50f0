CREATE TABLE "bulk_runs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bulk_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"action" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"changed" integer DEFAULT 0 NOT NULL,
	"skipped" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer NOT NULL,
	"acting_company_id" integer,
	"session_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "bulk_runs_status_check" CHECK ("bulk_runs"."status" in ('running','done','failed'))
);
--> statement-breakpoint
CREATE TABLE "record_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "record_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"tx_id" bigint DEFAULT txid_current() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	"source" text NOT NULL,
	"source_id" text,
	"op" text NOT NULL,
	"changes" jsonb NOT NULL,
	CONSTRAINT "record_changes_op_check" CHECK ("record_changes"."op" in ('I','U','D'))
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "tx_id" bigint DEFAULT txid_current();--> statement-breakpoint
ALTER TABLE "bulk_runs" ADD CONSTRAINT "bulk_runs_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_runs_created_by_idx" ON "bulk_runs" USING btree ("created_by","id");--> statement-breakpoint
CREATE INDEX "record_changes_subject_idx" ON "record_changes" USING btree ("subject_type","subject_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_tx_idx" ON "audit_log" USING btree ("tx_id");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION record_change() RETURNS trigger LANGUAGE plpgsql AS $$
-- Arguments: the subject type, the column that holds the subject's id, then the columns never to
-- record (secrets). Bookkeeping columns (timestamps, versions, positions, counters the database
-- keeps itself) are never recorded.
DECLARE
  o jsonb := CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) END;
  n jsonb := CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) END;
  r jsonb := coalesce(n, o);
  skip text[] := coalesce(TG_ARGV[2:], '{}'::text[]) || ARRAY['id','created_at','updated_at','version','synced_at','sort_order','position','last_login_at',
    'tree_rank','area_rank','subtasks_total','subtasks_done','open_tickets','version_count'];
  ch jsonb := '{}'::jsonb;
  k text;
  v jsonb;
BEGIN
  -- A bulk load (the ERP sync's new articles) can switch off recording inserts for its transaction.
  IF TG_OP = 'INSERT' AND current_setting('app.record_inserts', true) = 'off' THEN RETURN NULL; END IF;
  -- A part that belongs to no record (yet) has no history to join.
  IF (r ->> TG_ARGV[1]) IS NULL THEN RETURN NULL; END IF;
  FOR k IN SELECT jsonb_object_keys(r) LOOP
    CONTINUE WHEN k = ANY(skip);
    IF TG_OP = 'UPDATE' THEN
      IF (o -> k) IS DISTINCT FROM (n -> k) THEN
        ch := ch || jsonb_build_object(k, jsonb_build_array(o -> k, n -> k));
      END IF;
    ELSE
      v := r -> k;
      CONTINUE WHEN v IN ('null'::jsonb, '""'::jsonb, '[]'::jsonb, '{}'::jsonb);
      ch := ch || jsonb_build_object(k, CASE WHEN TG_OP = 'INSERT' THEN jsonb_build_array(NULL, v) ELSE jsonb_build_array(v, NULL) END);
    END IF;
  END LOOP;
  IF TG_OP = 'UPDATE' AND ch = '{}'::jsonb THEN RETURN NULL; END IF;
  -- A part written again as it was (an editor that replaces a record's images or attributes by
  -- deleting and inserting them) is no change: the insert takes back the delete of the same row.
  IF TG_OP = 'INSERT' THEN
    DELETE FROM record_changes d
     WHERE d.id = (SELECT d2.id FROM record_changes d2
                    WHERE d2.subject_type = TG_ARGV[0] AND d2.subject_id = r ->> TG_ARGV[1]
                      AND d2.tx_id = txid_current() AND d2.source = TG_TABLE_NAME AND d2.op = 'D'
                      AND (SELECT jsonb_object_agg(e.key, e.value -> 0) FROM jsonb_each(d2.changes) e)
                        = (SELECT jsonb_object_agg(e.key, e.value -> 1) FROM jsonb_each(ch) e)
                    ORDER BY d2.id LIMIT 1);
    IF FOUND THEN RETURN NULL; END IF;
  END IF;
  INSERT INTO record_changes (subject_type, subject_id, source, source_id, op, changes)
  VALUES (TG_ARGV[0], r ->> TG_ARGV[1], TG_TABLE_NAME, r ->> 'id', left(TG_OP, 1), ch);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_record_change AFTER INSERT OR UPDATE OR DELETE ON "products" FOR EACH ROW EXECUTE FUNCTION record_change('product', 'id');
--> statement-breakpoint
CREATE TRIGGER product_media_record_change AFTER INSERT OR UPDATE OR DELETE ON "product_media" FOR EACH ROW EXECUTE FUNCTION record_change('product', 'product_id');
--> statement-breakpoint
CREATE TRIGGER product_attributes_record_change AFTER INSERT OR UPDATE OR DELETE ON "product_attributes" FOR EACH ROW EXECUTE FUNCTION record_change('product', 'product_id');
--> statement-breakpoint
CREATE TRIGGER product_relations_record_change AFTER INSERT OR UPDATE OR DELETE ON "product_relations" FOR EACH ROW EXECUTE FUNCTION record_change('product', 'product_id');
--> statement-breakpoint
CREATE TRIGGER product_robox_materials_record_change AFTER INSERT OR UPDATE OR DELETE ON "product_robox_materials" FOR EACH ROW EXECUTE FUNCTION record_change('product', 'product_id');
--> statement-breakpoint
CREATE TRIGGER articles_record_change AFTER INSERT OR UPDATE OR DELETE ON "articles" FOR EACH ROW EXECUTE FUNCTION record_change('article', 'id');
--> statement-breakpoint
CREATE TRIGGER article_media_record_change AFTER INSERT OR UPDATE OR DELETE ON "article_media" FOR EACH ROW EXECUTE FUNCTION record_change('article', 'article_id');
--> statement-breakpoint
CREATE TRIGGER attributes_record_change AFTER INSERT OR UPDATE OR DELETE ON "attributes" FOR EACH ROW EXECUTE FUNCTION record_change('attribute', 'id');
--> statement-breakpoint
CREATE TRIGGER robox_materials_record_change AFTER INSERT OR UPDATE OR DELETE ON "robox_materials" FOR EACH ROW EXECUTE FUNCTION record_change('robox_material', 'id');
--> statement-breakpoint
CREATE TRIGGER robox_material_categories_record_change AFTER INSERT OR UPDATE OR DELETE ON "robox_material_categories" FOR EACH ROW EXECUTE FUNCTION record_change('robox_category', 'id');
--> statement-breakpoint
CREATE TRIGGER companies_record_change AFTER INSERT OR UPDATE OR DELETE ON "companies" FOR EACH ROW EXECUTE FUNCTION record_change('company', 'id');
--> statement-breakpoint
CREATE TRIGGER company_users_record_change AFTER INSERT OR UPDATE OR DELETE ON "company_users" FOR EACH ROW EXECUTE FUNCTION record_change('company_user', 'id');
--> statement-breakpoint
CREATE TRIGGER company_posts_record_change AFTER INSERT OR UPDATE OR DELETE ON "company_posts" FOR EACH ROW EXECUTE FUNCTION record_change('company_post', 'id');
--> statement-breakpoint
CREATE TRIGGER company_products_record_change AFTER INSERT OR UPDATE OR DELETE ON "company_products" FOR EACH ROW EXECUTE FUNCTION record_change('company', 'company_id');
--> statement-breakpoint
CREATE TRIGGER accounts_record_change AFTER INSERT OR UPDATE OR DELETE ON "accounts" FOR EACH ROW EXECUTE FUNCTION record_change('account', 'id', 'password_hash');
--> statement-breakpoint
CREATE TRIGGER employees_record_change AFTER INSERT OR UPDATE OR DELETE ON "employees" FOR EACH ROW EXECUTE FUNCTION record_change('employee', 'id');
--> statement-breakpoint
CREATE TRIGGER roles_record_change AFTER INSERT OR UPDATE OR DELETE ON "roles" FOR EACH ROW EXECUTE FUNCTION record_change('role', 'id');
--> statement-breakpoint
CREATE TRIGGER role_permissions_record_change AFTER INSERT OR UPDATE OR DELETE ON "role_permissions" FOR EACH ROW EXECUTE FUNCTION record_change('role', 'role_id');
--> statement-breakpoint
CREATE TRIGGER projects_record_change AFTER INSERT OR UPDATE OR DELETE ON "projects" FOR EACH ROW EXECUTE FUNCTION record_change('project', 'id');
--> statement-breakpoint
CREATE TRIGGER project_managers_record_change AFTER INSERT OR UPDATE OR DELETE ON "project_managers" FOR EACH ROW EXECUTE FUNCTION record_change('project', 'project_id');
--> statement-breakpoint
CREATE TRIGGER project_members_record_change AFTER INSERT OR UPDATE OR DELETE ON "project_members" FOR EACH ROW EXECUTE FUNCTION record_change('project', 'project_id');
--> statement-breakpoint
CREATE TRIGGER project_companies_record_change AFTER INSERT OR UPDATE OR DELETE ON "project_companies" FOR EACH ROW EXECUTE FUNCTION record_change('project', 'project_id');
--> statement-breakpoint
CREATE TRIGGER project_areas_record_change AFTER INSERT OR UPDATE OR DELETE ON "project_areas" FOR EACH ROW EXECUTE FUNCTION record_change('area', 'id');
--> statement-breakpoint
CREATE TRIGGER company_project_areas_record_change AFTER INSERT OR UPDATE OR DELETE ON "company_project_areas" FOR EACH ROW EXECUTE FUNCTION record_change('project', 'project_id');
--> statement-breakpoint
CREATE TRIGGER tasks_record_change AFTER INSERT OR UPDATE OR DELETE ON "tasks" FOR EACH ROW EXECUTE FUNCTION record_change('task', 'id');
--> statement-breakpoint
CREATE TRIGGER task_attachments_record_change AFTER INSERT OR UPDATE OR DELETE ON "task_attachments" FOR EACH ROW EXECUTE FUNCTION record_change('task', 'task_id');
--> statement-breakpoint
CREATE TRIGGER subtasks_record_change AFTER INSERT OR UPDATE OR DELETE ON "subtasks" FOR EACH ROW EXECUTE FUNCTION record_change('subtask', 'id');
--> statement-breakpoint
CREATE TRIGGER order_lines_record_change AFTER INSERT OR UPDATE OR DELETE ON "order_lines" FOR EACH ROW EXECUTE FUNCTION record_change('subtask', 'subtask_id');
--> statement-breakpoint
CREATE TRIGGER tickets_record_change AFTER INSERT OR UPDATE OR DELETE ON "tickets" FOR EACH ROW EXECUTE FUNCTION record_change('ticket', 'id');
--> statement-breakpoint
CREATE TRIGGER timeline_tasks_record_change AFTER INSERT OR UPDATE OR DELETE ON "timeline_tasks" FOR EACH ROW EXECUTE FUNCTION record_change('timeline_task', 'id');
--> statement-breakpoint
CREATE TRIGGER project_templates_record_change AFTER INSERT OR UPDATE OR DELETE ON "project_templates" FOR EACH ROW EXECUTE FUNCTION record_change('template', 'id');
--> statement-breakpoint
CREATE TRIGGER template_areas_record_change AFTER INSERT OR UPDATE OR DELETE ON "template_areas" FOR EACH ROW EXECUTE FUNCTION record_change('template', 'template_id');
--> statement-breakpoint
CREATE TRIGGER drawings_record_change AFTER INSERT OR UPDATE OR DELETE ON "drawings" FOR EACH ROW EXECUTE FUNCTION record_change('drawing', 'id');
--> statement-breakpoint
CREATE TRIGGER drawing_versions_record_change AFTER INSERT OR UPDATE OR DELETE ON "drawing_versions" FOR EACH ROW EXECUTE FUNCTION record_change('drawing', 'drawing_id');
--> statement-breakpoint
CREATE TRIGGER orders_record_change AFTER INSERT OR UPDATE OR DELETE ON "orders" FOR EACH ROW EXECUTE FUNCTION record_change('order', 'id');
--> statement-breakpoint
CREATE TRIGGER declarations_record_change AFTER INSERT OR UPDATE OR DELETE ON "declarations" FOR EACH ROW EXECUTE FUNCTION record_change('declaration', 'id');
--> statement-breakpoint
CREATE TRIGGER overnight_stays_record_change AFTER INSERT OR UPDATE OR DELETE ON "overnight_stays" FOR EACH ROW EXECUTE FUNCTION record_change('overnight', 'id');
--> statement-breakpoint
CREATE TRIGGER employee_contracts_record_change AFTER INSERT OR UPDATE OR DELETE ON "employee_contracts" FOR EACH ROW EXECUTE FUNCTION record_change('employee_contract', 'id');
--> statement-breakpoint
CREATE TRIGGER employee_documents_record_change AFTER INSERT OR UPDATE OR DELETE ON "employee_documents" FOR EACH ROW EXECUTE FUNCTION record_change('employee_document', 'id');
--> statement-breakpoint
CREATE TRIGGER leave_requests_record_change AFTER INSERT OR UPDATE OR DELETE ON "leave_requests" FOR EACH ROW EXECUTE FUNCTION record_change('leave_request', 'id');
--> statement-breakpoint
CREATE TRIGGER leave_types_record_change AFTER INSERT OR UPDATE OR DELETE ON "leave_types" FOR EACH ROW EXECUTE FUNCTION record_change('leave_type', 'id');
--> statement-breakpoint
CREATE TRIGGER hour_rules_record_change AFTER INSERT OR UPDATE OR DELETE ON "hour_rules" FOR EACH ROW EXECUTE FUNCTION record_change('hour_rule', 'id');
--> statement-breakpoint
CREATE TRIGGER collective_leaves_record_change AFTER INSERT OR UPDATE OR DELETE ON "collective_leaves" FOR EACH ROW EXECUTE FUNCTION record_change('collective_leave', 'id');
--> statement-breakpoint
CREATE TRIGGER sick_periods_record_change AFTER INSERT OR UPDATE OR DELETE ON "sick_periods" FOR EACH ROW EXECUTE FUNCTION record_change('sick_period', 'id');
--> statement-breakpoint
CREATE TRIGGER schedules_record_change AFTER INSERT OR UPDATE OR DELETE ON "schedules" FOR EACH ROW EXECUTE FUNCTION record_change('schedule', 'id');
--> statement-breakpoint
CREATE TRIGGER declaration_categories_record_change AFTER INSERT OR UPDATE OR DELETE ON "declaration_categories" FOR EACH ROW EXECUTE FUNCTION record_change('declaration_category', 'id');
--> statement-breakpoint
CREATE TRIGGER declaration_payment_types_record_change AFTER INSERT OR UPDATE OR DELETE ON "declaration_payment_types" FOR EACH ROW EXECUTE FUNCTION record_change('declaration_payment_type', 'id');
