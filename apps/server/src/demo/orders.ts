import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import type { Database, DbOrTx } from '../db/client';
import { query } from '../platform/sql';
import type { FileStorage } from '../platform/storage';
import { onePagePdf } from './pdf';
import { DEMO_ACCOUNTS } from './seed';

/**
 * Product requests and orders of the demo. For Nordic Star Cruises (Emma): a request
 * for a new product waiting for staff, an order whose design version 1 waits for her approval
 * (a preview PNG drawn here), and a completed order with a final PDF; for Dunes Leisure Resorts
 * (Thomas) a declined request. Loaded once, when no order exists.
 */
export async function seedOrdersDemo(o: {
  db: Database;
  storage: FileStorage;
  log?: FastifyBaseLogger;
  now?: Date;
}): Promise<void> {
  const now = o.now ?? new Date();
  const db = o.db.orm;
  const done = await query<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM orders`);
  if ((done[0]?.n ?? 0) > 0) return;
  const people = await query<{ email: string; accountId: number; employeeId: number | null; companyId: number | null }>(
    db,
    sql`SELECT a.email, a.id AS "accountId", a.employee_id AS "employeeId", cu.company_id AS "companyId"
          FROM accounts a LEFT JOIN company_users cu ON cu.id = a.company_user_id
         WHERE a.email IN (${DEMO_ACCOUNTS.admin.email}, ${DEMO_ACCOUNTS.cruiseCustomer.email}, ${DEMO_ACCOUNTS.leisureCustomer.email})`,
  );
  const by = (email: string) => people.find((p) => p.email === email);
  const admin = by(DEMO_ACCOUNTS.admin.email);
  const emma = by(DEMO_ACCOUNTS.cruiseCustomer.email);
  const thomas = by(DEMO_ACCOUNTS.leisureCustomer.email);
  if (!admin || !emma?.companyId || !thomas?.companyId) {
    o.log?.info({ event: 'demo.orders.skipped' }, 'demo orders not loaded: the demo accounts are missing');
    return;
  }
  const published = await query<{ id: number }>(db, sql`SELECT id FROM products WHERE published ORDER BY sort_order, id LIMIT 2`);
  const [chair, table] = [published[0]?.id ?? null, published[1]?.id ?? published[0]?.id ?? null];

  // The files, stored like uploads: a preview image of the design and the final drawing.
  const preview = await sharp(Buffer.from(previewSvg('Loungestoel Sky Bar — v1')))
    .png()
    .toBuffer();
  const finalPdf = minimalPdf('Bar table Aurora - final drawing');
  const stored: { key: string; name: string; mime: string; size: number }[] = [];
  for (const [name, mime, bytes] of [
    ['ontwerp-v1.png', 'image/png', preview],
    ['definitieve-tekening.pdf', 'application/pdf', finalPdf],
  ] as const) {
    const key = o.storage.newKey();
    await o.storage.write(key, bytes);
    stored.push({ key, name, mime, size: bytes.length });
  }

  const day = 86_400_000;
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * day).toISOString();
  await db.transaction(async (tx) => {
    const fileIds: number[] = [];
    for (const f of stored) {
      const rows = await query<{ id: number }>(
        tx,
        sql`INSERT INTO files (storage_key, original_name, mime, size, created_by, created_at)
            VALUES (${f.key}, ${f.name}, ${f.mime}, ${f.size}, ${admin.accountId}, ${at(6)}::timestamptz) RETURNING id`,
      );
      fileIds.push(Number(rows[0]?.id));
    }
    const [previewId, finalId] = fileIds as [number, number];

    // 1. A request for a new product, waiting for staff.
    const waiting = await order(tx, {
      companyId: emma.companyId as number,
      title: 'Zonnebedden voor het lidodek',
      description: 'Twintig zonnebedden in teak met een afneembaar kussen, passend bij de bestaande parasols.',
      quantity: 20,
      productId: null,
      newProductTitle: 'Zonnebed Lido teak',
      status: 'requested',
      requestedBy: emma.accountId,
      handledBy: null,
      createdAt: at(2),
    });
    await event(tx, waiting, 'requested', emma.accountId, null, null, at(2));

    // 2. An order whose design version 1 waits for Emma.
    const pending = await order(tx, {
      companyId: emma.companyId as number,
      title: 'Loungestoelen voor de Sky Bar',
      description: 'Stoelen in de huisstijl van de Sky Bar: donkerblauwe stof, messing poten.',
      quantity: 36,
      productId: chair,
      newProductTitle: chair === null ? 'Loungestoel Sky Bar' : null,
      status: 'pending_approval',
      requestedBy: emma.accountId,
      handledBy: admin.employeeId,
      createdAt: at(9),
    });
    await event(tx, pending, 'requested', emma.accountId, null, null, at(9));
    await event(tx, pending, 'request_approved', admin.accountId, null, null, at(8));
    const v1 = await query<{ id: number }>(
      tx,
      sql`INSERT INTO order_versions (order_id, number, comment, preview_file_id, status, created_by, created_at)
          VALUES (${pending}, 1, 'Eerste ontwerp: stof Navy 14, poten in geborsteld messing.', ${previewId}, 'pending',
                  ${admin.accountId}, ${at(1)}::timestamptz) RETURNING id`,
    );
    await event(
      tx,
      pending,
      'version_sent',
      admin.accountId,
      Number(v1[0]?.id),
      'Eerste ontwerp: stof Navy 14, poten in geborsteld messing.',
      at(1),
    );
    await query(tx, sql`UPDATE orders SET waiting_since = ${at(1)}::timestamptz, version = 3 WHERE id = ${pending}`);

    // 3. A completed order with its final drawing.
    const completed = await order(tx, {
      companyId: emma.companyId as number,
      title: 'Bartafels voor de Aurora Lounge',
      description: 'Hoge bartafels met een blad van composiet.',
      quantity: 12,
      productId: table,
      newProductTitle: table === null ? 'Bartafel Aurora' : null,
      status: 'completed',
      requestedBy: emma.accountId,
      handledBy: admin.employeeId,
      createdAt: at(40),
    });
    const cv = await query<{ id: number }>(
      tx,
      sql`INSERT INTO order_versions (order_id, number, comment, preview_file_id, status, decided_by, decided_at, created_by, created_at)
          VALUES (${completed}, 1, 'Ontwerp volgens de tekening van de werf.', NULL, 'approved', ${emma.accountId},
                  ${at(25)}::timestamptz, ${admin.accountId}, ${at(30)}::timestamptz) RETURNING id`,
    );
    const cvId = Number(cv[0]?.id);
    await query(
      tx,
      sql`INSERT INTO order_files (order_id, file_id, kind, created_at) VALUES (${completed}, ${finalId}, 'final', ${at(6)}::timestamptz)`,
    );
    await event(tx, completed, 'requested', emma.accountId, null, null, at(40));
    await event(tx, completed, 'request_approved', admin.accountId, null, null, at(38));
    await event(tx, completed, 'version_sent', admin.accountId, cvId, 'Ontwerp volgens de tekening van de werf.', at(30));
    await event(tx, completed, 'design_approved', emma.accountId, cvId, null, at(25));
    await event(tx, completed, 'files_added', admin.accountId, null, null, at(6));
    await event(tx, completed, 'completed', admin.accountId, null, null, at(5));
    await query(tx, sql`UPDATE orders SET version = 5, updated_at = ${at(5)}::timestamptz WHERE id = ${completed}`);
    for (const p of [chair, table]) {
      if (p === null) continue;
      await query(
        tx,
        sql`INSERT INTO company_products (company_id, product_id, created_by)
            SELECT ${emma.companyId}, ${p}, ${admin.accountId}
             WHERE NOT EXISTS (SELECT 1 FROM company_products x WHERE x.company_id = ${emma.companyId}
                                 AND x.product_id = ${p} AND x.project_id IS NULL)`,
      );
    }

    // 4. Dunes: a declined request.
    const declined = await order(tx, {
      companyId: thomas.companyId as number,
      title: 'Outdoor heaters for the terrace',
      description: 'Gas heaters for the beach terrace, twelve pieces.',
      quantity: 12,
      productId: null,
      newProductTitle: 'Terrace heater',
      status: 'declined',
      requestedBy: thomas.accountId,
      handledBy: admin.employeeId,
      createdAt: at(15),
    });
    const reason = 'Gas heaters are outside our range; we recommend an electric model instead.';
    await query(tx, sql`UPDATE orders SET decline_reason = ${reason}, version = 2 WHERE id = ${declined}`);
    await event(tx, declined, 'requested', thomas.accountId, null, null, at(15));
    await event(tx, declined, 'request_declined', admin.accountId, null, reason, at(13));
  });
  o.log?.info({ event: 'demo.orders', orders: 4 }, 'demo orders loaded');
}

async function order(
  tx: DbOrTx,
  o: {
    companyId: number;
    title: string;
    description: string;
    quantity: number;
    productId: number | null;
    newProductTitle: string | null;
    status: string;
    requestedBy: number;
    handledBy: number | null;
    createdAt: string;
  },
): Promise<number> {
  const rows = await query<{ id: number }>(
    tx,
    sql`INSERT INTO orders (company_id, title, description, quantity, product_id, new_product_title, status,
                            requested_by, handled_by, waiting_since, created_at, updated_at)
        VALUES (${o.companyId}, ${o.title}, ${o.description}, ${o.quantity}, ${o.productId}, ${o.newProductTitle}, ${o.status},
                ${o.requestedBy}, ${o.handledBy}, ${o.createdAt}::timestamptz, ${o.createdAt}::timestamptz, ${o.createdAt}::timestamptz)
        RETURNING id`,
  );
  return Number(rows[0]?.id);
}

async function event(
  tx: DbOrTx,
  orderId: number,
  kind: string,
  actor: number,
  versionId: number | null,
  comment: string | null,
  at: string,
): Promise<void> {
  await query(
    tx,
    sql`INSERT INTO order_events (order_id, kind, comment, version_id, actor_account_id, created_at)
        VALUES (${orderId}, ${kind}, ${comment}, ${versionId}, ${actor}, ${at}::timestamptz)`,
  );
  await query(tx, sql`UPDATE orders SET updated_at = greatest(updated_at, ${at}::timestamptz) WHERE id = ${orderId}`);
}

/** A design preview drawn in SVG (a chair in side view with a caption), rendered to PNG by sharp. */
function previewSvg(caption: string): string {
  const esc = caption.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800">
  <rect width="1200" height="800" fill="#f4f1ea"/>
  <g stroke="#1d3557" stroke-width="10" fill="none" stroke-linecap="round">
    <path d="M420 260 L470 520 L780 520"/>
    <path d="M470 520 L440 680 M780 520 L800 680 M520 520 L500 680 M740 520 L760 680"/>
    <path d="M470 470 L790 470 Q820 470 810 500 L790 520"/>
  </g>
  <rect x="455" y="430" width="340" height="45" rx="18" fill="#457b9d"/>
  <path d="M405 250 Q400 210 440 215 L470 430 L440 430 Z" fill="#457b9d"/>
  <text x="600" y="110" font-family="sans-serif" font-size="44" fill="#1d3557" text-anchor="middle">${esc}</text>
  <text x="600" y="760" font-family="sans-serif" font-size="26" fill="#6c757d" text-anchor="middle">Stof Navy 14 · poten geborsteld messing</text>
</svg>`;
}

/** A one-page PDF with one line of text (enough for a download and a browser's viewer). */
function minimalPdf(text: string): Buffer {
  const safe = text.replace(/[()\\]/g, '');
  const stream = `BT /F1 24 Tf 72 720 Td (${safe}) Tj ET`;
  return onePagePdf(stream);
}
