import type { Database } from '../apps/server/src/db/client.ts';

/** The size the project lists are benchmarked at: a project of 200 areas x 20 tasks x 5 sub-tasks x 2 order lines. */
export const PROJECT_SHAPE = { decks: 10, areasPerDeck: 20, tasksPerArea: 20, subtasksPerTask: 5, linesPerSubtask: 2 };
export type ProjectShape = typeof PROJECT_SHAPE;

export interface ProjectSeed {
  projectId: number;
  /** The project's decks, for the task list's random deck. */
  deckIds: number[];
  /** The project's areas (kind 'area'), for the area-tasks scenario's random pick. */
  areaIds: number[];
  counts: { areas: number; tasks: number; subtasks: number; orderLines: number };
}

/**
 * Seeds one big project with generate_series on a database that bench/seed.ts has seeded (its
 * employees manage the project and are assigned to the tasks): 10 decks of 20 areas, 20 tasks per
 * area, 5 sub-tasks per task and 2 order lines per sub-task (for 50 articles and 50 products made
 * here). About a third of the tasks and half of the sub-tasks are done, one task in 40 has an open
 * ticket, so the roll-ups count real mixtures. Every statement is limited to this project, so the
 * seed composes with others on one database (--production); it returns the ids it made. Then
 * VACUUM ANALYZE.
 */
export async function seedProject(db: Database, shape: ProjectShape = PROJECT_SHAPE): Promise<ProjectSeed> {
  const s = shape;
  const made = await db.raw.query<{ id: number }>(
    `INSERT INTO projects (name, status) VALUES ('Bench project', 'active') RETURNING id`,
  );
  const p = made[0]?.id;
  if (!p) throw new Error('project seed: no project');
  await db.raw.exec(`
    INSERT INTO articles (erp_id, sku, name, status)
      SELECT 'bench-p-' || g, 'BP-' || g, 'Bench project article ' || g, 'active' FROM generate_series(1, 50) g;
    INSERT INTO products (article_id, slug, name_nl, name_en, sort_order)
      SELECT a.id, 'bench-product-' || a.id, 'Bench product ' || a.id, 'Bench product ' || a.id, a.id
        FROM articles a WHERE a.erp_id LIKE 'bench-p-%';
    INSERT INTO project_managers (project_id, employee_id)
      SELECT ${p}, e.id FROM (SELECT id FROM employees ORDER BY id LIMIT 2) e;
    INSERT INTO project_companies (project_id, company_id) SELECT ${p}, (SELECT min(id) FROM companies);
    INSERT INTO project_areas (project_id, kind, number, name, sort_order)
      SELECT ${p}, 'deck', d::text, 'Deck ' || d, d FROM generate_series(1, ${s.decks}) d;
    INSERT INTO project_areas (project_id, parent_id, kind, number, name, area_type, status, sort_order, plan_x, plan_y)
      SELECT d.project_id, d.id, 'area', (d.number::int * 1000 + g)::text, 'Hut ' || (d.number::int * 1000 + g), 'Hut',
             CASE WHEN g % 7 = 0 THEN 'completed' ELSE 'open' END, g, ((g - 1) % 10) / 10.0 + 0.05, ((g - 1) / 10) / 2.0 + 0.25
        FROM project_areas d, generate_series(1, ${s.areasPerDeck}) g WHERE d.kind = 'deck' AND d.project_id = ${p};
    INSERT INTO tasks (project_id, area_id, name, status, assigned_employee_id, sort_order)
      SELECT a.project_id, a.id, 'Taak ' || g,
             CASE WHEN g % 3 = 0 THEN 'completed' ELSE 'pending' END,
             (SELECT min(id) FROM employees) + (a.id + g) % 50, g
        FROM project_areas a, generate_series(1, ${s.tasksPerArea}) g WHERE a.kind = 'area' AND a.project_id = ${p};
    INSERT INTO subtasks (task_id, project_id, name, amount, assembly, status, sort_order)
      SELECT t.id, t.project_id, 'Subtaak ' || g, g, 'Montage volgens tekening',
             CASE WHEN g % 2 = 0 THEN 'closed' ELSE 'open' END, g
        FROM tasks t, generate_series(1, ${s.subtasksPerTask}) g WHERE t.project_id = ${p};
    INSERT INTO order_lines (subtask_id, project_id, product_id, article_id, quantity, position)
      SELECT st.id, st.project_id,
             CASE WHEN g = 1 THEN (SELECT min(id) FROM products WHERE slug LIKE 'bench-product-%') + st.id % 50 END,
             CASE WHEN g = 2 THEN (SELECT min(id) FROM articles WHERE erp_id LIKE 'bench-p-%') + st.id % 50 END,
             1 + st.id % 4, g
        FROM subtasks st, generate_series(1, ${s.linesPerSubtask}) g WHERE st.project_id = ${p};
    INSERT INTO tickets (project_id, task_id, description, priority, status)
      SELECT t.project_id, t.id, 'Beschadiging bij ' || t.name, 'high', 'open' FROM tasks t
       WHERE t.project_id = ${p} AND t.id % 40 = 0;
    UPDATE tasks SET status_before_ticket = status, status = 'open_ticket'
     WHERE project_id = ${p} AND id IN (SELECT task_id FROM tickets WHERE status = 'open');
  `);
  await db.raw.exec('VACUUM ANALYZE');
  if (db.driver === 'pg') await db.raw.exec('CHECKPOINT').catch(() => {});
  const ids = await db.raw.query<{ id: number; kind: string }>(
    `SELECT id, kind FROM project_areas WHERE project_id = $1 AND kind IN ('deck', 'area') ORDER BY id`,
    [p],
  );
  const counts = await db.raw.query<ProjectSeed['counts']>(
    `SELECT (SELECT count(*) FROM project_areas WHERE kind = 'area' AND project_id = $1)::int AS areas,
            (SELECT count(*) FROM tasks WHERE project_id = $1)::int AS tasks,
            (SELECT count(*) FROM subtasks WHERE project_id = $1)::int AS subtasks,
            (SELECT count(*) FROM order_lines WHERE project_id = $1)::int AS "orderLines"`,
    [p],
  );
  const c = counts[0];
  const want = s.decks * s.areasPerDeck;
  if (!c || c.areas !== want || c.tasks !== want * s.tasksPerArea) throw new Error(`project seed produced ${JSON.stringify(c)}`);
  return {
    projectId: p,
    deckIds: ids.filter((r) => r.kind === 'deck').map((r) => r.id),
    areaIds: ids.filter((r) => r.kind === 'area').map((r) => r.id),
    counts: c,
  };
}

// ---------------------------------------------------------------------------------------------
// Baselines (B-list's idea): each project list done by hand in one or two named
// statements, without a session check, answering the same rows with the same counts as the app.

/** What the baseline routes need from baseline-server.ts (kept structural so this file imports no Fastify). */
interface BaselineRoutes {
  get(path: string, handler: (req: { query: unknown }) => Promise<unknown>): unknown;
}
interface BaselineQuery {
  query<R>(name: string, text: string, values: unknown[]): Promise<R[]>;
}

/** Every deck and area of the project with tasks and sub-tasks done/total per area (its sub-areas' too). */
const AREAS_SQL = `
WITH t AS (
  SELECT CASE WHEN sa.kind = 'subarea' THEN sa.parent_id ELSE t.area_id END AS area_id,
         count(*) AS tasks_total, count(*) FILTER (WHERE t.status = 'completed') AS tasks_done
    FROM tasks t JOIN project_areas sa ON sa.id = t.area_id
   WHERE t.project_id = $1
   GROUP BY 1),
s AS (
  SELECT CASE WHEN sa.kind = 'subarea' THEN sa.parent_id ELSE t.area_id END AS area_id,
         count(*) AS st_total, count(*) FILTER (WHERE st.status = 'closed') AS st_done
    FROM subtasks st JOIN tasks t ON t.id = st.task_id JOIN project_areas sa ON sa.id = t.area_id
   WHERE st.project_id = $1
   GROUP BY 1),
ch AS (SELECT parent_id, count(*) AS n FROM project_areas WHERE project_id = $1 AND parent_id IS NOT NULL GROUP BY 1)
SELECT a.id, a.parent_id, a.kind, a.number, a.name, a.area_type, a.status, a.thumbnail_media_id,
       a.plan_media_id IS NOT NULL AS has_plan, a.plan_x, a.plan_y, a.version, a.updated_at,
       coalesce(ch.n, 0)::int AS children,
       coalesce(t.tasks_total, 0)::int AS tasks_total, coalesce(t.tasks_done, 0)::int AS tasks_done,
       coalesce(s.st_total, 0)::int AS st_total, coalesce(s.st_done, 0)::int AS st_done
  FROM project_areas a
  LEFT JOIN ch ON ch.parent_id = a.id
  LEFT JOIN t ON t.area_id = a.id
  LEFT JOIN s ON s.area_id = a.id
 WHERE a.project_id = $1 AND a.kind IN ('deck', 'area')
 ORDER BY a.sort_order, a.id`;

/** The tasks of one area with their sub-task counts, open tickets and assignee. */
const AREA_TASKS_SQL = `
SELECT t.id, t.name, t.status, t.plan_x, t.plan_y, t.version, t.updated_at, a.name AS area_name, a.number AS area_number,
       e.id AS assignee_id, e.first_name, e.insertion, e.last_name,
       (SELECT count(*) FROM subtasks s WHERE s.task_id = t.id)::int AS st_total,
       (SELECT count(*) FROM subtasks s WHERE s.task_id = t.id AND s.status = 'closed')::int AS st_done,
       (SELECT count(*) FROM tickets k WHERE k.task_id = t.id AND k.status = 'open')::int AS open_tickets
  FROM tasks t JOIN project_areas a ON a.id = t.area_id LEFT JOIN employees e ON e.id = t.assigned_employee_id
 WHERE t.area_id = $1
 ORDER BY t.sort_order, lower(t.name), t.id`;

/** A page of 25 of the project's tasks in area order (deferred join: the ids, then the rows), and the count. */
const PROJECT_TASKS_SQL = `
WITH page AS (
  SELECT t.id, row_number() OVER () AS rn FROM (
    SELECT t.id FROM tasks t WHERE t.project_id = $1 ORDER BY t.area_id, t.sort_order, t.id LIMIT 25 OFFSET $2) t)
SELECT t.id, t.name, t.status, t.version, t.updated_at, a.id AS area_id, a.name AS area_name, a.number AS area_number,
       e.id AS assignee_id, e.first_name, e.insertion, e.last_name,
       (SELECT count(*) FROM subtasks s WHERE s.task_id = t.id)::int AS st_total,
       (SELECT count(*) FROM subtasks s WHERE s.task_id = t.id AND s.status = 'closed')::int AS st_done,
       (SELECT count(*) FROM tickets k WHERE k.task_id = t.id AND k.status = 'open')::int AS open_tickets
  FROM page JOIN tasks t ON t.id = page.id JOIN project_areas a ON a.id = t.area_id
  LEFT JOIN employees e ON e.id = t.assigned_employee_id
 ORDER BY page.rn`;
const PROJECT_TASKS_COUNT_SQL = 'SELECT count(*)::int AS n FROM tasks WHERE project_id = $1';

/** GET /b/areas, /b/area-tasks?area=N and /b/project-tasks?page=N for the project seeded by seedProject (its id: ids.ts). */
export function registerProjectBaselines(app: BaselineRoutes, sql: BaselineQuery, projectId = 1): void {
  app.get('/b/areas', async () => {
    type Row = Record<string, unknown> & { id: number; parent_id: number | null; kind: string };
    const rows = await sql.query<Row>('b_areas', AREAS_SQL, [projectId]);
    const areas = rows.filter((r) => r.kind === 'area');
    // A deck's completion is the sum of its areas', as the app shows it.
    const decks = rows
      .filter((r) => r.kind === 'deck')
      .map((d) => {
        const sum = (k: string) => areas.reduce((n, a) => n + (a.parent_id === d.id ? Number(a[k]) : 0), 0);
        return {
          ...d,
          tasks_total: sum('tasks_total'),
          tasks_done: sum('tasks_done'),
          st_total: sum('st_total'),
          st_done: sum('st_done'),
        };
      });
    return { data: { decks, areas } };
  });
  app.get('/b/area-tasks', async (req) => {
    const area = Number((req.query as { area?: string }).area ?? 0);
    return { data: await sql.query('b_area_tasks', AREA_TASKS_SQL, [area]) };
  });
  app.get('/b/project-tasks', async (req) => {
    const page = Number((req.query as { page?: string }).page ?? 1);
    const [rows, count] = await Promise.all([
      sql.query('b_project_tasks', PROJECT_TASKS_SQL, [projectId, (page - 1) * 25]),
      sql.query<{ n: number }>('b_project_tasks_c', PROJECT_TASKS_COUNT_SQL, [projectId]),
    ]);
    const total = count[0]?.n ?? 0;
    return { data: rows, meta: { current_page: page, last_page: Math.max(1, Math.ceil(total / 25)), per_page: 25, total } };
  });
}

// The printable assembly list: one deck's 20 areas with their 400 tasks, 2,000 sub-tasks
// and 4,000 order lines, and the project's tree for the chooser; the same rows as the app.
const TASK_LIST_TREE_SQL = `
SELECT p.name AS project_name, a.id, a.kind, a.parent_id, a.number, a.name
  FROM projects p LEFT JOIN project_areas a ON a.project_id = p.id
 WHERE p.id = $1
 ORDER BY a.tree_rank, a.id`;
/** The deck, its areas and their sub-areas. */
const TASK_LIST_COVERED = `SELECT a.id FROM project_areas a LEFT JOIN project_areas pa ON pa.id = a.parent_id
  WHERE a.project_id = $1 AND (a.id = $2 OR a.parent_id = $2 OR pa.parent_id = $2)`;
const TASK_LIST_TASKS_SQL = `
SELECT t.id, t.area_id, t.name, t.status, t.notes, e.id AS assignee_id, e.first_name, e.insertion, e.last_name
  FROM tasks t LEFT JOIN employees e ON e.id = t.assigned_employee_id
 WHERE t.project_id = $1 AND t.area_id IN (${TASK_LIST_COVERED})
 ORDER BY t.area_rank, t.sort_order, lower(t.name), t.id`;
const TASK_LIST_SUBTASKS_SQL = `
SELECT s.id, s.task_id, s.name, s.amount, s.assembly, s.status, s.notes, e.id AS assignee_id, e.first_name, e.insertion, e.last_name
  FROM subtasks s JOIN tasks t ON t.id = s.task_id LEFT JOIN employees e ON e.id = s.assigned_employee_id
 WHERE t.project_id = $1 AND t.area_id IN (${TASK_LIST_COVERED})
 ORDER BY s.task_id, s.sort_order, s.id`;
const TASK_LIST_LINES_SQL = `
SELECT ol.id, ol.subtask_id, ol.product_id, ol.quantity::float8 AS quantity, p.name_nl, a.name AS article_name,
       coalesce(a.sku, pa.sku) AS sku
  FROM order_lines ol JOIN subtasks s ON s.id = ol.subtask_id JOIN tasks t ON t.id = s.task_id
  LEFT JOIN products p ON p.id = ol.product_id LEFT JOIN articles pa ON pa.id = p.article_id
  LEFT JOIN articles a ON a.id = ol.article_id
 WHERE t.project_id = $1 AND t.area_id IN (${TASK_LIST_COVERED})
 ORDER BY ol.subtask_id, ol.position, ol.id`;

/** GET /b/task-list?deck=N: the assembly list of one deck, four named statements (the tree, then three side by side) nested in JS. */
export function registerTaskListBaseline(app: BaselineRoutes, sql: BaselineQuery, projectId = 1): void {
  app.get('/b/task-list', async (req) => {
    const deck = Number((req.query as { deck?: string }).deck ?? 0);
    type Row = Record<string, unknown> & { id: number };
    const tree = await sql.query<Row & { project_name: string }>('b_task_list_tree', TASK_LIST_TREE_SQL, [projectId]);
    const [tasks, subtasks, lines] = await Promise.all([
      sql.query<Row & { area_id: number }>('b_task_list_tasks', TASK_LIST_TASKS_SQL, [projectId, deck]),
      sql.query<Row & { task_id: number }>('b_task_list_subtasks', TASK_LIST_SUBTASKS_SQL, [projectId, deck]),
      sql.query<Row & { subtask_id: number }>('b_task_list_lines', TASK_LIST_LINES_SQL, [projectId, deck]),
    ]);
    const group = <T extends Row>(rows: T[], key: (r: T) => number) => {
      const m = new Map<number, T[]>();
      for (const r of rows) m.set(key(r), [...(m.get(key(r)) ?? []), r]);
      return m;
    };
    const linesOf = group(lines, (l) => l.subtask_id);
    const subtasksOf = group(subtasks, (s) => s.task_id);
    const tasksOf = group(tasks, (t) => t.area_id);
    const nodes = tree.filter((n) => n.id !== null);
    const covered = new Set([deck, ...nodes.filter((n) => n.parent_id === deck).map((n) => n.id)]);
    for (const n of nodes) if (covered.has(Number(n.parent_id))) covered.add(n.id);
    return {
      data: {
        project: { id: projectId, name: tree[0]?.project_name },
        tree: nodes,
        sections: nodes
          .filter((n) => covered.has(n.id))
          .map((n) => ({
            ...n,
            tasks: (tasksOf.get(n.id) ?? []).map((t) => ({
              ...t,
              subtasks: (subtasksOf.get(t.id) ?? []).map((s) => ({ ...s, orderLines: linesOf.get(s.id) ?? [] })),
            })),
          })),
      },
    };
  });
}

// Project articles: every item on the project's 40,000 order lines summed per area (a
// sub-area's lines count for its area) and in total, with the areas in tree order; the app's rows.
const PA_SUMS_SQL = `
SELECT ol.product_id, ol.article_id, CASE WHEN a.kind = 'subarea' THEN a.parent_id ELSE a.id END AS area_id,
       sum(ol.quantity)::float8 AS q, count(*)::int AS n
  FROM order_lines ol JOIN subtasks s ON s.id = ol.subtask_id JOIN tasks t ON t.id = s.task_id
  JOIN project_areas a ON a.id = t.area_id
 WHERE ol.project_id = $1
 GROUP BY 1, 2, 3`;
const PA_ITEMS_SQL = `
SELECT i.product_id, i.article_id, coalesce(ar.sku, pa.sku) AS code, coalesce(p.name_nl, ar.name) AS name,
       nullif(coalesce(ar.unit, pa.unit), '') AS unit
  FROM (SELECT DISTINCT product_id, article_id FROM order_lines WHERE project_id = $1) i
  LEFT JOIN products p ON p.id = i.product_id LEFT JOIN articles pa ON pa.id = p.article_id
  LEFT JOIN articles ar ON ar.id = i.article_id`;
const PA_AREAS_SQL = `
SELECT id, kind, number, name FROM project_areas WHERE project_id = $1 AND kind IN ('deck', 'area') ORDER BY tree_rank, id`;

/** GET /b/project-articles: three named statements side by side (sums per item and area, the items' names, the areas), joined in JS, sorted by name. */
export function registerProjectArticlesBaseline(app: BaselineRoutes, sql: BaselineQuery, projectId = 1): void {
  app.get('/b/project-articles', async () => {
    type Sum = { product_id: number | null; article_id: number | null; area_id: number; q: number; n: number };
    type Item = { product_id: number | null; article_id: number | null; code: string | null; name: string; unit: string | null };
    type Area = { id: number; kind: string; number: string; name: string };
    const [sums, items, areas] = await Promise.all([
      sql.query<Sum>('b_pa_sums', PA_SUMS_SQL, [projectId]),
      sql.query<Item>('b_pa_items', PA_ITEMS_SQL, [projectId]),
      sql.query<Area>('b_pa_areas', PA_AREAS_SQL, [projectId]),
    ]);
    const rank = new Map(areas.map((a, i) => [a.id, i]));
    const key = (r: { product_id: number | null; article_id: number | null }) =>
      r.product_id !== null ? `p${r.product_id}` : `a${r.article_id}`;
    const perItem = new Map<string, Sum[]>();
    for (const s of sums) perItem.set(key(s), [...(perItem.get(key(s)) ?? []), s]);
    const used = new Set(sums.map((s) => s.area_id));
    const rows = items.map((i) => {
      const mine = (perItem.get(key(i)) ?? []).sort((a, b) => (rank.get(a.area_id) ?? 0) - (rank.get(b.area_id) ?? 0));
      return {
        kind: i.product_id !== null ? 'product' : 'article',
        id: i.product_id ?? i.article_id,
        code: i.code,
        name: i.name,
        unit: i.unit,
        total: mine.reduce((t, s) => t + Number(s.q), 0),
        lines: mine.reduce((t, s) => t + Number(s.n), 0),
        perArea: mine.map((s) => ({ areaId: s.area_id, quantity: Number(s.q) })),
      };
    });
    rows.sort((a, b) => a.name.localeCompare(b.name) || Number(a.id) - Number(b.id));
    return { data: { items: rows, areas: areas.filter((a) => used.has(a.id)) } };
  });
}
