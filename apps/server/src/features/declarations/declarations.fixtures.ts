import { randomBytes } from 'node:crypto';
import type { DeclarationStatus } from '@app/shared/declarations/declarations.rules';
import type { OvernightStatus } from '@app/shared/declarations/overnights.rules';
import type { Database } from '../../db/client';
import { declarationCategories, declarationPaymentTypes, declarations, overnightStays } from '../../db/schema';
import { createFileRow } from '../projects/projects.fixtures';

const uniq = () => randomBytes(4).toString('hex');

async function first<T>(q: Promise<T[]>): Promise<T> {
  const rows = await q;
  if (!rows[0]) throw new Error('fixture insert returned nothing');
  return rows[0];
}

/** A declaration category (active unless told). */
export async function createCategoryRow(db: Database, o: { name?: string; active?: boolean } = {}) {
  return first(
    db.orm
      .insert(declarationCategories)
      .values({ name: o.name ?? `Categorie ${uniq()}`, active: o.active ?? true })
      .returning({ id: declarationCategories.id, name: declarationCategories.name }),
  );
}

/** A declaration payment type (active unless told). */
export async function createPaymentTypeRow(db: Database, o: { name?: string; active?: boolean } = {}) {
  return first(
    db.orm
      .insert(declarationPaymentTypes)
      .values({ name: o.name ?? `Betaalwijze ${uniq()}`, active: o.active ?? true })
      .returning({ id: declarationPaymentTypes.id, name: declarationPaymentTypes.name }),
  );
}

/** A declaration of an employee with its receipt (a stored PDF row), in the given status. */
export async function createDeclarationRow(
  db: Database,
  o: {
    employeeId: number;
    categoryId: number;
    paymentTypeId: number;
    status?: DeclarationStatus;
    date?: string;
    amountCents?: number;
    description?: string;
    projectId?: number | null;
    createdBy?: number | null;
  },
) {
  const file = await createFileRow(db, { createdBy: o.createdBy ?? null, name: 'bon.pdf' });
  return first(
    db.orm
      .insert(declarations)
      .values({
        employeeId: o.employeeId,
        date: o.date ?? '2026-11-10',
        projectId: o.projectId ?? null,
        categoryId: o.categoryId,
        paymentTypeId: o.paymentTypeId,
        description: o.description ?? `Declaratie ${uniq()}`,
        amountCents: o.amountCents ?? 1250,
        receiptFileId: file.id,
        status: o.status ?? 'submitted',
        createdBy: o.createdBy ?? null,
      })
      .returning({ id: declarations.id, receiptFileId: declarations.receiptFileId }),
  );
}

/** An overnight stay of an employee on a project, in the given status. */
export async function createOvernightRow(
  db: Database,
  o: { employeeId: number; projectId: number; status?: OvernightStatus; date?: string; nights?: number; location?: string },
) {
  return first(
    db.orm
      .insert(overnightStays)
      .values({
        employeeId: o.employeeId,
        projectId: o.projectId,
        date: o.date ?? '2026-11-10',
        nights: o.nights ?? 2,
        location: o.location ?? `Hotel ${uniq()}`,
        status: o.status ?? 'submitted',
      })
      .returning({ id: overnightStays.id }),
  );
}
