import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DbOrTx } from '../db/client';
import { query } from '../platform/sql';
import type { FileStorage } from '../platform/storage';
import { onePagePdf } from './pdf';
import { DEMO_ACCOUNTS } from './seed';

/**
 * Drawings of the demo, on Nordic Star Cruises' first demo project, with the project
 * leader responsible: one waiting for Emma's approval (version 1, a PDF), one approved after a
 * second version (with comments both ways), and one open again after Emma asked for changes.
 * Loaded once, when no drawing exists and the demo projects and accounts are there.
 */
export async function seedDrawingsDemo(o: {
  db: Database;
  storage: FileStorage;
  log?: FastifyBaseLogger;
  now?: Date;
}): Promise<number> {
  const now = o.now ?? new Date();
  const db = o.db.orm;
  const existing = await query<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM drawings`);
  if (Number(existing[0]?.n ?? 0) > 0) return 0;
  const people = await query<{ email: string; accountId: number; employeeId: number | null; companyId: number | null }>(
    db,
    sql`SELECT a.email, a.id AS "accountId", a.employee_id AS "employeeId", cu.company_id AS "companyId"
          FROM accounts a LEFT JOIN company_users cu ON cu.id = a.company_user_id
         WHERE a.email IN (${DEMO_ACCOUNTS.projectManager.email}, ${DEMO_ACCOUNTS.cruiseCustomer.email})`,
  );
  const pm = people.find((p) => p.email === DEMO_ACCOUNTS.projectManager.email);
  const emma = people.find((p) => p.email === DEMO_ACCOUNTS.cruiseCustomer.email);
  const companyId = emma?.companyId ?? null;
  const project =
    companyId === null
      ? undefined
      : (
          await query<{ id: number }>(
            db,
            sql`SELECT p.id FROM projects p JOIN project_companies pc ON pc.project_id = p.id AND pc.company_id = ${companyId}
                 WHERE p.deleted_at IS NULL ORDER BY p.id LIMIT 1`,
          )
        )[0];
  if (!pm?.employeeId || !emma || companyId === null || !project) {
    o.log?.info({ event: 'demo.drawings.skipped' }, 'demo drawings not loaded: the demo project or accounts are missing');
    return 0;
  }
  const projectId = Number(project.id);

  // The files, stored like uploads (purpose drawing): one PDF per version.
  const pdfs = [
    ['hut-5012-wandopstelling-v1.pdf', 'Hut 5012 - wandopstelling', 'v1'],
    ['atrium-plafondplan-v1.pdf', 'Atrium - plafondplan', 'v1'],
    ['atrium-plafondplan-v2.pdf', 'Atrium - plafondplan', 'v2'],
    ['sky-bar-baropstand-v1.pdf', 'Sky Bar - baropstand', 'v1'],
  ] as const;
  const stored: { key: string; name: string; size: number }[] = [];
  for (const [name, title, version] of pdfs) {
    const bytes = drawingPdf(title, version);
    const key = o.storage.newKey();
    await o.storage.write(key, bytes);
    stored.push({ key, name, size: bytes.length });
  }

  const day = 86_400_000;
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * day).toISOString();
  await db.transaction(async (tx) => {
    const fileIds: number[] = [];
    for (const f of stored) {
      const rows = await query<{ id: number }>(
        tx,
        sql`INSERT INTO files (storage_key, original_name, mime, size, created_by, created_at)
            VALUES (${f.key}, ${f.name}, 'application/pdf', ${f.size}, ${pm.accountId}, ${at(20)}::timestamptz) RETURNING id`,
      );
      fileIds.push(Number(rows[0]?.id));
    }
    const [hutV1, atriumV1, atriumV2, barV1] = fileIds as [number, number, number, number];
    const base = { projectId, companyId, employeeId: pm.employeeId as number, createdBy: pm.accountId };

    // 1. Waiting for Emma: version 1 sent two days ago.
    const hut = await drawing(tx, {
      ...base,
      name: 'Hut 5012 — wandopstelling',
      description: 'Wandpanelen, hutkast en bureau aan stuurboordzijde. Maten volgens inmeting van 3 november.',
      drawingDate: at(3).slice(0, 10),
      status: 'pending',
      versionCount: 1,
      waitingSince: at(2),
      approvedAt: null,
      createdAt: at(3),
      updatedAt: at(2),
    });
    await version(tx, hut, 1, hutV1, 'Eerste opzet ter goedkeuring.', 'pending', null, null, pm.accountId, at(2));

    // 2. Approved: Emma asked for changes on version 1, approved version 2.
    const atrium = await drawing(tx, {
      ...base,
      name: 'Atrium — plafondplan',
      description: 'Verlaagd plafond met lichtlijnen boven de centrale trap.',
      drawingDate: at(18).slice(0, 10),
      status: 'approved',
      versionCount: 2,
      waitingSince: null,
      approvedAt: at(6),
      createdAt: at(18),
      updatedAt: at(6),
    });
    const a1 = await version(tx, atrium, 1, atriumV1, '', 'changes_requested', emma.accountId, at(14), pm.accountId, at(17));
    await comment(
      tx,
      atrium,
      a1,
      'note',
      'Is de hoogte onder de lichtlijn voldoende voor de trapleuning?',
      emma.accountId,
      at(16),
    );
    await comment(tx, atrium, a1, 'note', 'Ja, 2,35 m vrije hoogte; de leuning blijft 1,10 m.', pm.accountId, at(15));
    await comment(
      tx,
      atrium,
      a1,
      'request_changes',
      'Graag de lichtlijnen doortrekken tot aan de liftschacht.',
      emma.accountId,
      at(14),
    );
    const a2 = await version(
      tx,
      atrium,
      2,
      atriumV2,
      'Lichtlijnen doorgetrokken tot de liftschacht.',
      'approved',
      emma.accountId,
      at(6),
      pm.accountId,
      at(9),
    );
    await comment(tx, atrium, a2, 'approve', 'Akkoord, mooi zo.', emma.accountId, at(6));

    // 3. Open again: Emma asked for changes on version 1; version 2 is still to come.
    const bar = await drawing(tx, {
      ...base,
      name: 'Sky Bar — baropstand',
      description: 'Baropstand met natuurstenen blad en LED-verlichting in de plint.',
      drawingDate: at(9).slice(0, 10),
      status: 'open',
      versionCount: 1,
      waitingSince: null,
      approvedAt: null,
      createdAt: at(9),
      updatedAt: at(4),
    });
    const b1 = await version(
      tx,
      bar,
      1,
      barV1,
      'Blad in Nero Marquina.',
      'changes_requested',
      emma.accountId,
      at(4),
      pm.accountId,
      at(8),
    );
    await comment(
      tx,
      bar,
      b1,
      'request_changes',
      'Liever een lichter blad (Calacatta) en de bar 20 cm langer.',
      emma.accountId,
      at(4),
    );
  });
  o.log?.info({ event: 'demo.drawings', drawings: 3 }, 'demo drawings loaded');
  return 3;
}

async function drawing(
  tx: DbOrTx,
  d: {
    projectId: number;
    companyId: number;
    employeeId: number;
    createdBy: number;
    name: string;
    description: string;
    drawingDate: string;
    status: string;
    versionCount: number;
    waitingSince: string | null;
    approvedAt: string | null;
    createdAt: string;
    updatedAt: string;
  },
): Promise<number> {
  const rows = await query<{ id: number }>(
    tx,
    sql`INSERT INTO drawings (project_id, company_id, name, description, drawing_date, employee_id, status, version_count,
                              waiting_since, approved_at, created_by, created_at, updated_at)
        VALUES (${d.projectId}, ${d.companyId}, ${d.name}, ${d.description}, ${d.drawingDate}, ${d.employeeId}, ${d.status},
                ${d.versionCount}, ${d.waitingSince}::timestamptz, ${d.approvedAt}::timestamptz, ${d.createdBy},
                ${d.createdAt}::timestamptz, ${d.updatedAt}::timestamptz)
        RETURNING id`,
  );
  return Number(rows[0]?.id);
}

async function version(
  tx: DbOrTx,
  drawingId: number,
  number: number,
  fileId: number,
  notes: string,
  status: string,
  decidedBy: number | null,
  decidedAt: string | null,
  createdBy: number,
  createdAt: string,
): Promise<number> {
  const rows = await query<{ id: number }>(
    tx,
    sql`INSERT INTO drawing_versions (drawing_id, number, file_id, notes, status, decided_by, decided_at, created_by, created_at)
        VALUES (${drawingId}, ${number}, ${fileId}, ${notes}, ${status}, ${decidedBy}, ${decidedAt}::timestamptz, ${createdBy},
                ${createdAt}::timestamptz)
        RETURNING id`,
  );
  return Number(rows[0]?.id);
}

async function comment(
  tx: DbOrTx,
  drawingId: number,
  versionId: number,
  kind: string,
  body: string,
  author: number,
  createdAt: string,
): Promise<void> {
  await query(
    tx,
    sql`INSERT INTO drawing_comments (drawing_id, version_id, kind, body, author_account_id, created_at)
        VALUES (${drawingId}, ${versionId}, ${kind}, ${body}, ${author}, ${createdAt}::timestamptz)`,
  );
}

/**
 * A one-page landscape PDF that looks like a drawing: a title block, a frame and a few
 * rectangles for walls and furniture (enough for the browser's viewer and a download).
 */
export function drawingPdf(title: string, versionLabel: string): Buffer {
  const safe = (s: string) => s.replace(/[()\\]/g, '').replace(/[^\x20-\x7e]/g, '-');
  const stream = [
    '0.2 0.2 0.2 RG 2 w 30 30 782 535 re S',
    '1 w 80 120 420 380 re S 80 400 140 100 re S 360 120 140 120 re S 540 120 220 380 re S',
    '0.5 w 100 140 60 200 re S 200 420 80 60 re S 560 380 180 100 re S',
    '0.9 0.9 0.9 rg 540 40 272 60 re f 0 0 0 rg',
    `BT /F1 16 Tf 550 75 Td (${safe(title)}) Tj ET`,
    `BT /F1 11 Tf 550 52 Td (Versie ${safe(versionLabel)} - schaal 1:50) Tj ET`,
  ].join('\n');
  return onePagePdf(stream, { width: 842, height: 595 });
}
