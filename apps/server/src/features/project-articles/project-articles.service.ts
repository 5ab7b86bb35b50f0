import type { Locale } from '@app/shared/platform/locale';
import {
  areaLabel,
  type ExportFormat,
  type ProjectArticle,
  type ProjectArticleSort,
  type ProjectArticles,
} from '@app/shared/project-articles/project-articles';
import type { Actor } from '../../platform/actor';
import type { Ctx } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { ExportFile } from '../../platform/list-export';
import type { Cell, Column } from '../../platform/sheet-writer';
import * as projectsRepo from '../projects/projects.repository';
import * as repo from './project-articles.repository';

function localeOf(actor: Actor): Locale {
  return actor.kind === 'anonymous' ? 'nl' : actor.locale;
}

interface ListOptions {
  sort: ProjectArticleSort;
  q: string;
}

/** Natural order ("Plank 2" before "Plank 10"), case and accents aside. */
const collators = {
  nl: new Intl.Collator('nl', { numeric: true, sensitivity: 'base' }),
  en: new Intl.Collator('en', { numeric: true, sensitivity: 'base' }),
};

/**
 * Sorts and searches in memory: a project uses a few hundred items at most, and the one statement
 * that reads them stays the same for every sort and search. Ties fall back to name, kind, id.
 */
export function sortAndSearch(items: ProjectArticle[], o: ListOptions, locale: Locale): ProjectArticle[] {
  const col = collators[locale];
  const needle = o.q.trim().toLocaleLowerCase(locale);
  const found = needle
    ? items.filter(
        (i) => i.name.toLocaleLowerCase(locale).includes(needle) || (i.code ?? '').toLocaleLowerCase(locale).includes(needle),
      )
    : items.slice();
  const dir = o.sort.startsWith('-') ? -1 : 1;
  const key = o.sort.replace(/^-/, '');
  const byName = (a: ProjectArticle, b: ProjectArticle) =>
    col.compare(a.name, b.name) || a.kind.localeCompare(b.kind) || a.id - b.id;
  return found.sort((a, b) => {
    if (key === 'total') return dir * (a.total - b.total) || byName(a, b);
    if (key === 'code') {
      // Items without a code come last either way.
      if (a.code === null || b.code === null) return a.code === b.code ? byName(a, b) : a.code === null ? 1 : -1;
      return dir * col.compare(a.code, b.code) || byName(a, b);
    }
    return dir * byName(a, b);
  });
}

async function load(ctx: Ctx, projectId: number): Promise<{ items: ProjectArticle[]; areas: repo.AreaRow[] }> {
  const locale = localeOf(ctx.actor);
  const { items, areas } = await repo.listProjectItems(ctx.db.orm, ctx.actor, projectId);
  // Only an empty answer asks whether the project is there at all (404) or just has no lines.
  if (items.length === 0 && !(await projectsRepo.findRef(ctx.db.orm, ctx.actor, projectId)))
    throw new AppError('PROJECT_NOT_FOUND');
  return {
    items: items.map((r) => ({
      kind: r.kind,
      id: r.id,
      code: r.code,
      name: r.kind === 'product' && locale === 'en' && r.nameEn ? r.nameEn : r.nameNl,
      unit: r.unit,
      total: r.total,
      lines: r.lines,
      perArea: r.areaIds.map((areaId, i) => ({ areaId, quantity: r.quantities[i] ?? 0 })),
    })),
    areas,
  };
}

/**
 * The project's articles and products with quantities per area and in total, sorted and searched;
 * every area with order lines, in tree order. One statement (two when there is nothing to show).
 * @throws PROJECT_NOT_FOUND
 */
export async function listProjectArticles(ctx: Ctx, projectId: number, o: ListOptions): Promise<ProjectArticles> {
  const { items, areas } = await load(ctx, projectId);
  return { items: sortAndSearch(items, o, localeOf(ctx.actor)), areas };
}

const TEXTS = {
  nl: {
    file: 'projectartikelen',
    totals: 'Totalen',
    perArea: 'Per ruimte',
    kind: 'Soort',
    product: 'Product',
    article: 'Artikel',
    code: 'Code',
    name: 'Naam',
    unit: 'Eenheid',
    total: 'Totaal',
    lines: 'Orderregels',
    area: 'Ruimte',
    quantity: 'Aantal',
  },
  en: {
    file: 'project-articles',
    totals: 'Totals',
    perArea: 'Per area',
    kind: 'Kind',
    product: 'Product',
    article: 'Article',
    code: 'Code',
    name: 'Name',
    unit: 'Unit',
    total: 'Total',
    lines: 'Order lines',
    area: 'Area',
    quantity: 'Quantity',
  },
} as const;

/** "projectartikelen Refit MS Aurora.csv": the project's name kept readable, characters no file system takes replaced. */
export function exportFileName(prefix: string, projectName: string, ext: ExportFormat): string {
  const cleaned = [...projectName]
    .map((c) => (c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127 ? '_' : c))
    .join('')
    .replace(/[/\\:*?"<>|]+/g, '_')
    .replace(/\s+/g, ' ')
    .trim();
  // By code points, not UTF-16 units: a lone surrogate would make encodeURIComponent throw.
  const name = [...cleaned].slice(0, 100).join('').replace(/^\.+/, '');
  return `${prefix}${name ? ` ${name}` : ''}.${ext}`;
}

/**
 * The list as a download, in the same order and with the same search, through the list exports'
 * writer (platform/list-export.ts: CSV in the reader's language, XLSX through exceljs). CSV: the
 * totals with a column per area (sub-areas included). XLSX: a sheet of totals and a sheet of
 * area × item rows.
 * @throws PROJECT_NOT_FOUND
 */
export async function exportProjectArticles(
  ctx: Ctx,
  projectId: number,
  o: ListOptions & { format: ExportFormat },
): Promise<ExportFile> {
  const project = await projectsRepo.findRef(ctx.db.orm, ctx.actor, projectId);
  if (!project) throw new AppError('PROJECT_NOT_FOUND');
  const locale = localeOf(ctx.actor);
  const t = TEXTS[locale];
  const { items: all, areas } = await load(ctx, projectId);
  const items = sortAndSearch(all, o, locale);
  const kindName = (i: ProjectArticle) => (i.kind === 'product' ? t.product : t.article);
  const column = (header: string, type: Column['type'], width: number): Column => ({ header, type, width });
  const itemColumns = [
    column(t.kind, 'text', 10),
    column(t.code, 'text', 18),
    column(t.name, 'text', 48),
    column(t.unit, 'text', 10),
  ];
  const head = [...itemColumns, column(t.total, 'number', 12), column(t.lines, 'integer', 12)];
  const itemCells = (i: ProjectArticle): Cell[] => [kindName(i), i.code, i.name, i.unit];
  const row = (i: ProjectArticle): Cell[] => [...itemCells(i), i.total, i.lines];
  const fileName = exportFileName(t.file, project.name, o.format);

  if (o.format === 'csv') {
    const used = areas.filter((a) => items.some((i) => i.perArea.some((p) => p.areaId === a.id)));
    const rows = items.map((i) => {
      const byArea = new Map(i.perArea.map((p) => [p.areaId, p.quantity]));
      return [...row(i), ...used.map((a) => byArea.get(a.id) ?? null)];
    });
    const columns = [...head, ...used.map((a) => column(areaLabel(a), 'number', 12))];
    return { fileName, format: 'csv', sheets: [{ name: t.totals, columns, rows }] };
  }

  const rankOf = new Map(areas.map((a, rank) => [a.id, { label: areaLabel(a), rank }]));
  const perArea: { rank: number; cells: Cell[] }[] = [];
  for (const i of items) {
    for (const p of i.perArea) {
      const area = rankOf.get(p.areaId);
      perArea.push({ rank: area?.rank ?? 0, cells: [area?.label ?? '', ...itemCells(i), p.quantity] });
    }
  }
  // Sheet 2 in tree order of the areas, each area's items in the list's order (a stable sort).
  perArea.sort((a, b) => a.rank - b.rank);
  return {
    fileName,
    format: 'xlsx',
    sheets: [
      { name: t.totals, columns: head, rows: items.map(row) },
      {
        name: t.perArea,
        columns: [column(t.area, 'text', 28), ...itemColumns, column(t.quantity, 'number', 12)],
        rows: perArea.map((r) => r.cells),
      },
    ],
  };
}
