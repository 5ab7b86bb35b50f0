ALTER TABLE "project_areas" ADD COLUMN "tree_rank" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "subtasks_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "subtasks_done" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "open_tickets" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "project_areas_rank_idx" ON "project_areas" USING btree ("project_id","tree_rank");--> statement-breakpoint
-- G3: the lists of a project read these instead of counting per request. tasks.subtasks_total,
-- subtasks_done and open_tickets are kept exact by statement triggers with transition tables on
-- subtasks and tickets, in the transaction of every write there (as article_counts is for the
-- articles). A write that changes no task, status or count (a sub-task renamed) updates no task.
-- The tasks touched are locked in id order first, as the ticket service locks them, so two writes
-- that touch the same tasks wait for each other instead of deadlocking.
CREATE FUNCTION tasks_subtask_counts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids int[];
  totals int[];
  dones int[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(task_id ORDER BY task_id), array_agg(total ORDER BY task_id), array_agg(done ORDER BY task_id)
      INTO ids, totals, dones
      FROM (SELECT task_id, count(*)::int AS total, (count(*) FILTER (WHERE status = 'closed'))::int AS done
              FROM new_rows GROUP BY task_id) d;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(task_id ORDER BY task_id), array_agg(total ORDER BY task_id), array_agg(done ORDER BY task_id)
      INTO ids, totals, dones
      FROM (SELECT task_id, -count(*)::int AS total, -(count(*) FILTER (WHERE status = 'closed'))::int AS done
              FROM old_rows GROUP BY task_id) d;
  ELSE
    SELECT array_agg(task_id ORDER BY task_id), array_agg(total ORDER BY task_id), array_agg(done ORDER BY task_id)
      INTO ids, totals, dones
      FROM (SELECT task_id, sum(k)::int AS total, coalesce(sum(k) FILTER (WHERE status = 'closed'), 0)::int AS done
              FROM (SELECT task_id, status, 1 AS k FROM new_rows UNION ALL SELECT task_id, status, -1 FROM old_rows) c
             GROUP BY task_id) d
     WHERE total <> 0 OR done <> 0;
  END IF;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM tasks WHERE id = ANY (ids) ORDER BY id FOR NO KEY UPDATE;
  UPDATE tasks t SET subtasks_total = t.subtasks_total + d.total, subtasks_done = t.subtasks_done + d.done
    FROM unnest(ids, totals, dones) AS d(task_id, total, done)
   WHERE t.id = d.task_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER subtasks_counts_insert AFTER INSERT ON subtasks
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tasks_subtask_counts();
--> statement-breakpoint
CREATE TRIGGER subtasks_counts_update AFTER UPDATE ON subtasks
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tasks_subtask_counts();
--> statement-breakpoint
CREATE TRIGGER subtasks_counts_delete AFTER DELETE ON subtasks
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tasks_subtask_counts();
--> statement-breakpoint
-- Open tickets per task: a ticket counts while it is open and linked to a task.
CREATE FUNCTION tasks_ticket_counts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids int[];
  opens int[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(task_id ORDER BY task_id), array_agg(n ORDER BY task_id) INTO ids, opens
      FROM (SELECT task_id, count(*)::int AS n FROM new_rows WHERE status = 'open' AND task_id IS NOT NULL GROUP BY task_id) d;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(task_id ORDER BY task_id), array_agg(n ORDER BY task_id) INTO ids, opens
      FROM (SELECT task_id, -count(*)::int AS n FROM old_rows WHERE status = 'open' AND task_id IS NOT NULL GROUP BY task_id) d;
  ELSE
    SELECT array_agg(task_id ORDER BY task_id), array_agg(n ORDER BY task_id) INTO ids, opens
      FROM (SELECT task_id, sum(k)::int AS n
              FROM (SELECT task_id, 1 AS k FROM new_rows WHERE status = 'open' AND task_id IS NOT NULL
                    UNION ALL
                    SELECT task_id, -1 FROM old_rows WHERE status = 'open' AND task_id IS NOT NULL) c
             GROUP BY task_id) d
     WHERE n <> 0;
  END IF;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM tasks WHERE id = ANY (ids) ORDER BY id FOR NO KEY UPDATE;
  UPDATE tasks t SET open_tickets = t.open_tickets + d.n
    FROM unnest(ids, opens) AS d(task_id, n)
   WHERE t.id = d.task_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER tickets_counts_insert AFTER INSERT ON tickets
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tasks_ticket_counts();
--> statement-breakpoint
CREATE TRIGGER tickets_counts_update AFTER UPDATE ON tickets
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tasks_ticket_counts();
--> statement-breakpoint
CREATE TRIGGER tickets_counts_delete AFTER DELETE ON tickets
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tasks_ticket_counts();
--> statement-breakpoint
UPDATE tasks t SET subtasks_total = c.total, subtasks_done = c.done
  FROM (SELECT task_id, count(*)::int AS total, (count(*) FILTER (WHERE status = 'closed'))::int AS done
          FROM subtasks GROUP BY task_id) c
 WHERE t.id = c.task_id;
--> statement-breakpoint
UPDATE tasks t SET open_tickets = c.n
  FROM (SELECT task_id, count(*)::int AS n FROM tickets WHERE status = 'open' AND task_id IS NOT NULL GROUP BY task_id) c
 WHERE t.id = c.task_id;
--> statement-breakpoint
-- The tree order of a project's areas, the order of the areas page and of a task list sorted by
-- area: each deck (by its sort order, then number), followed by its areas (by number), each area
-- followed by its sub-areas (by number); areas without a deck after the decks. Numbers compare
-- naturally (5002 before 5010, A2 before A10: runs of digits are compared as numbers), rows
-- without a number after those with one, then the name. Kept in project_areas.tree_rank by a
-- statement trigger whenever a row is added or its place changes, so a task page walks the
-- areas in that order by index instead of ranking the tree per request.
CREATE FUNCTION area_sort_key(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(CASE WHEN m[1] IS NULL THEN m[2] ELSE repeat('0', greatest(0, 20 - length(m[1]))) || m[1] END,
                             '' ORDER BY r.ord), '')
    FROM regexp_matches(lower(t), '([0-9]+)|([^0-9]+)', 'g') WITH ORDINALITY AS r(m, ord)
$$;
--> statement-breakpoint
CREATE FUNCTION project_areas_rerank(p int) RETURNS void LANGUAGE sql AS $$
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
   WHERE a.id = ranked.id AND a.tree_rank <> ranked.rk
$$;
--> statement-breakpoint
-- Removing rows leaves the order of the others as it was (the ranks keep a gap), so only added
-- rows and changed places rank the project again; the rank's own update changes no place.
CREATE FUNCTION project_areas_rank() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  p int;
BEGIN
  IF TG_OP = 'INSERT' THEN
    FOR p IN SELECT DISTINCT project_id FROM new_rows ORDER BY 1 LOOP
      PERFORM project_areas_rerank(p);
    END LOOP;
  ELSE
    FOR p IN SELECT DISTINCT n.project_id FROM new_rows n JOIN old_rows o ON o.id = n.id
              WHERE (n.parent_id, n.kind, n.number, n.name, n.sort_order) IS DISTINCT FROM
                    (o.parent_id, o.kind, o.number, o.name, o.sort_order)
              ORDER BY 1 LOOP
      PERFORM project_areas_rerank(p);
    END LOOP;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER project_areas_rank_insert AFTER INSERT ON project_areas
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION project_areas_rank();
--> statement-breakpoint
CREATE TRIGGER project_areas_rank_update AFTER UPDATE ON project_areas
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION project_areas_rank();
--> statement-breakpoint
SELECT project_areas_rerank(id) FROM projects;
