import { randomBytes } from 'node:crypto';
import type { OrderStatus } from '@app/shared/orders/orders.rules';
import type { Database } from '../../db/client';
import { files, media, orderEvents, orders, orderVersions } from '../../db/schema';
import type { FileStorage } from '../../platform/storage';

const uniq = () => randomBytes(4).toString('hex');

async function first<T>(q: Promise<T[]>): Promise<T> {
  const rows = await q;
  if (!rows[0]) throw new Error('fixture insert returned nothing');
  return rows[0];
}

/** An order row as the API would have left it (no events unless asked), for tests that start mid-way. */
export async function createOrderRow(
  db: Database,
  o: {
    companyId: number;
    title?: string;
    status?: OrderStatus;
    productId?: number | null;
    newProductTitle?: string | null;
    requestedBy?: number | null;
    handledBy?: number | null;
    event?: boolean;
  },
): Promise<{ id: number }> {
  const status = o.status ?? 'requested';
  const productId = o.productId ?? null;
  const row = await first(
    db.orm
      .insert(orders)
      .values({
        companyId: o.companyId,
        title: o.title ?? `Order ${uniq()}`,
        status,
        productId,
        newProductTitle: o.newProductTitle === undefined ? (productId === null ? 'New product' : null) : o.newProductTitle,
        requestedBy: o.requestedBy ?? null,
        handledBy: o.handledBy ?? null,
      })
      .returning({ id: orders.id }),
  );
  if (o.event !== false) {
    await db.orm.insert(orderEvents).values({ orderId: row.id, kind: 'requested', actorAccountId: o.requestedBy ?? null });
  }
  return row;
}

/** A design version row of an order. */
export async function createVersionRow(
  db: Database,
  orderId: number,
  o: { number: number; status?: 'pending' | 'approved' | 'denied'; previewFileId?: number | null },
): Promise<{ id: number }> {
  return first(
    db.orm
      .insert(orderVersions)
      .values({ orderId, number: o.number, status: o.status ?? 'pending', previewFileId: o.previewFileId ?? null })
      .returning({ id: orderVersions.id }),
  );
}

/** A stored file row (no bytes behind it) uploaded by the account: its own upload until attached. */
export async function createUploadRow(
  db: Database,
  createdBy: number | null,
  o: { name?: string; mime?: string; storage?: FileStorage } = {},
): Promise<number> {
  const storageKey = o.storage ? o.storage.newKey() : `aa/bb/order${uniq()}`;
  if (o.storage) await o.storage.write(storageKey, Buffer.from('fixture bytes'));
  const row = await first(
    db.orm
      .insert(files)
      .values({
        storageKey,
        originalName: o.name ?? 'preview.png',
        mime: o.mime ?? 'image/png',
        size: 1234,
        createdBy,
      })
      .returning({ id: files.id }),
  );
  return row.id;
}

/** A stored image row uploaded by the account (a new product's thumbnail). */
export async function createImageRow(db: Database, createdBy: number | null, storage?: FileStorage): Promise<number> {
  const storageKey = storage ? storage.newKey() : `aa/bb/thumb${uniq()}`;
  if (storage) {
    for (const v of ['', '.thumb.webp', '.large.webp']) await storage.write(`${storageKey}${v}`, Buffer.from('fixture'));
  }
  const row = await first(
    db.orm
      .insert(media)
      .values({
        storageKey,
        originalName: 'thumb.jpg',
        mime: 'image/jpeg',
        size: 1000,
        width: 800,
        height: 600,
        createdBy,
      })
      .returning({ id: media.id }),
  );
  return row.id;
}
