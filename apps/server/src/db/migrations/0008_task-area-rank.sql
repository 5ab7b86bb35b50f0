DROP INDEX "tasks_area_idx";--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "area_rank" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "tasks_project_rank_idx" ON "tasks" USING btree ("project_id","area_rank","sort_order",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "tasks_area_idx" ON "tasks" USING btree ("area_id","sort_order",lower("name"),"id");--> statement-breakpoint
-- G3: a task carries its area's tree_rank (migration 0007), so the project's task list in area
-- order is one index walk (tasks_project_rank_idx) instead of a join to every area and a sort per
-- area. A task takes its area's rank when it is added or moved to another area; ranking a
-- project's areas again passes the new ranks on to its tasks. Only the rank is written: a task's
-- version and updated_at stay as they are, so an open editor does not go stale.
CREATE FUNCTION tasks_area_rank() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.area_rank := coalesce((SELECT tree_rank FROM project_areas WHERE id = NEW.area_id), 0);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER tasks_area_rank_insert BEFORE INSERT ON tasks
  FOR EACH ROW EXECUTE FUNCTION tasks_area_rank();
--> statement-breakpoint
CREATE TRIGGER tasks_area_rank_update BEFORE UPDATE OF area_id ON tasks
  FOR EACH ROW WHEN (NEW.area_id IS DISTINCT FROM OLD.area_id) EXECUTE FUNCTION tasks_area_rank();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION project_areas_rerank(p int) RETURNS void LANGUAGE sql AS $$
  WITH sib AS (
    SELECT a.id, a.parent_id,
           row_number() OVER (
             PARTITION BY a.parent_id
             ORDER BY a.kind <> 'deck', CASE WHEN a.kind = 'deck' THEN a.sort_order END, a.number = '',
                      area_sort_key(a.number) COLLATE "C", area_sort_key(a.name) COLLATE "C", a.id) AS r
      FROM project_areas a WHERE a.project_id = p),
  ranked AS (
    SELECT s.id,
           row_number() OVER (ORDER BY CASE WHEN pr.id IS NULL THEN ARRAY[s.r]
                                            WHEN g.id IS NULL THEN ARRAY[pr.r, s.r]
                                            ELSE ARRAY[g.r, pr.r, s.r] END)::int AS rk
      FROM sib s LEFT JOIN sib pr ON pr.id = s.parent_id LEFT JOIN sib g ON g.id = pr.parent_id)
  UPDATE project_areas a SET tree_rank = ranked.rk
    FROM ranked
   WHERE a.id = ranked.id AND a.tree_rank <> ranked.rk;
  -- The tasks are locked in id order first, as the roll-up triggers lock them (migration 0007).
  UPDATE tasks t SET area_rank = x.tree_rank
    FROM (SELECT t2.id, a.tree_rank FROM tasks t2 JOIN project_areas a ON a.id = t2.area_id
           WHERE a.project_id = p AND t2.area_rank <> a.tree_rank
           ORDER BY t2.id FOR UPDATE OF t2) x
   WHERE t.id = x.id;
$$;
--> statement-breakpoint
UPDATE tasks t SET area_rank = a.tree_rank FROM project_areas a WHERE t.area_id = a.id AND t.area_rank <> a.tree_rank;
