import type { HistoryEntry } from '@app/shared/history/history';
import type { TFunction } from 'i18next';

/** Where the company works: every moment in a history is shown in this zone, whatever the browser's. */
export const HISTORY_TIME_ZONE = 'Europe/Amsterdam';

/** Longer texts are cut here, with a "show all" toggle. */
export const TRUNCATE_AT = 120;

/**
 * Values whose words the editors already have: `<table>.<column>` to the key prefix of the editor's
 * own labels (the value is appended). The same word in the history as on the screen it was changed on.
 */
const VALUE_LABELS: Record<string, string> = {
  'articles.status': 'articles.status.',
  'companies.sector': 'companies.sector.',
  'company_posts.status': 'history.values.postStatus.',
  'declarations.status': 'declarations.status.',
  'drawings.status': 'drawings.status.',
  'drawing_versions.status': 'history.values.versionStatus.',
  'employee_documents.type': 'hrDocuments.types.',
  'leave_requests.status': 'leaveRequests.status.',
  'orders.status': 'orders.status.',
  'overnight_stays.status': 'declarations.overnights.status_',
  'project_areas.kind': 'areas.kinds.',
  'project_areas.status': 'areas.status.',
  'projects.status': 'projects.status.',
  'projects.type': 'history.values.projectType.',
  'role_permissions.permission': 'users.permissions.names.',
  'roles.dashboard_view': 'users.dashboardViews.',
  'subtasks.status': 'tasks.subtaskStatus.',
  'tasks.status': 'tasks.status.',
  'tasks.status_before_ticket': 'tasks.status.',
  'template_areas.kind': 'templates.kinds.',
  'tickets.priority': 'tickets.priority.',
  'tickets.status': 'tickets.status.',
  'accounts.locale': 'history.values.locale.',
  'company_users.locale': 'history.values.locale.',
  'accounts.status': 'history.values.accountStatus.',
  'hour_rules.weekdays': 'leaveSettings.weekdays.',
  'hour_rules.kind': 'history.values.ruleKind.',
  'collective_leaves.applies_to': 'history.values.appliesTo.',
  'product_media.role': 'history.values.mediaRole.',
};

/** Columns holding an amount of minutes, shown as hours and minutes. */
const MINUTES = /(^|_)minutes($|_)/;
/** Columns holding an amount in cents, shown as euros. */
const CENTS = /_cents$/;

/** "name_nl" → "Name nl": the last resort for a column nobody gave a label. */
export function humanise(column: string): string {
  const words = column.replace(/_id$/, '').replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : column;
}

/** The label of a column: the table's own, then the common one, then the column's name made readable. */
export function fieldLabel(t: TFunction, source: string, field: string): string {
  return t([`history.fields.${source}.${field}`, `history.fields.common.${field}`], { defaultValue: humanise(field) });
}

type Op = HistoryEntry['op'] | 'archived' | 'restored';

/**
 * What happened, as a sentence: an update that only sets (or clears) deleted_at or archived_at is an
 * archive (or a restore); a part of the record (a product's image, a role's right) says which part.
 */
export function entryOp(entry: Pick<HistoryEntry, 'op' | 'changes'>): Op {
  if (entry.op !== 'updated') return entry.op;
  const marker = entry.changes.find((c) => c.field === 'deleted_at' || c.field === 'archived_at');
  if (!marker) return 'updated';
  if (marker.old == null && marker.new != null) return 'archived';
  if (marker.old != null && marker.new == null) return 'restored';
  return 'updated';
}

export function entryTitle(t: TFunction, entry: Pick<HistoryEntry, 'op' | 'changes' | 'source'>): string {
  const op = entryOp(entry);
  return t([`history.ops.${entry.source}.${op}`, `history.ops.default.${op}`]);
}

/** "Jan de Vries", "Jan de Vries namens Nordic Star", or "Systeem" for a change nobody signed in made. */
export function actorLabel(t: TFunction, actor: HistoryEntry['actor']): string {
  if (!actor) return t('history.actor.system');
  if (actor.actingAs) return t('history.actor.actingAs', { name: actor.name, company: actor.actingAs });
  return actor.name;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The parts of a moment on the clock in Amsterdam. */
function amsterdamParts(d: Date): Record<string, string> {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: HISTORY_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(d);
  return Object.fromEntries(parts.map((p) => [p.type, p.value]));
}

/** "21 november 2026 om 14:05" / "21 November 2026 at 14:05": the exact moment, in the reader's language, Amsterdam time. */
export function formatExact(iso: string, locale: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : locale, {
    timeZone: HISTORY_TIME_ZONE,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(d);
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL_TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(:\d{2}(\.\d+)?)?$/;
const ZONED_TIMESTAMP = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)$/;
const TIME = /^(\d{2}):(\d{2})(:\d{2})?$/;

/** A date or a moment in the app's way (day-month-year, 24-hour clock); null when the text is neither. */
function formatTemporal(s: string): string | null {
  let m = DATE.exec(s);
  if (m) return `${m[3]}-${m[2]}-${m[1]}`;
  if (ZONED_TIMESTAMP.test(s)) {
    const d = new Date(s);
    if (Number.isNaN(d.getTime())) return null;
    const p = amsterdamParts(d);
    return `${p.day}-${p.month}-${p.year} ${p.hour}:${p.minute}`;
  }
  m = LOCAL_TIMESTAMP.exec(s);
  if (m) return `${m[3]}-${m[2]}-${m[1]} ${m[4]}:${m[5]}`;
  m = TIME.exec(s);
  if (m) return `${m[1]}:${m[2]}`;
  return null;
}

/** HTML to its text: tags out, the common entities decoded, white space collapsed. */
export function plainText(s: string): string {
  if (!/[<&]/.test(s)) return s.replace(/\s+/g, ' ').trim();
  return s
    .replace(/<(br|\/p|\/li|\/h\d|\/div)\s*\/?>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A value as the history shows it. `text` is complete; the view cuts it when it is long. */
export interface ShownValue {
  text: string;
  /** Nothing there (null, empty): shown as a dash. */
  empty?: boolean;
  /** A colour (#rrggbb): shown with a swatch. */
  color?: string;
}

const number = (n: number, locale: string, o?: Intl.NumberFormatOptions) =>
  new Intl.NumberFormat(locale === 'en' ? 'en-GB' : locale, { maximumFractionDigits: 4, ...o }).format(n);

function minutesText(n: number): string {
  const sign = n < 0 ? '-' : '';
  const abs = Math.abs(Math.round(n));
  return `${sign}${Math.floor(abs / 60)}:${pad(abs % 60)}`;
}

/** The editor's word for a value of this column, or '' when it has none. */
function valueWord(t: TFunction, source: string, field: string, v: unknown): string {
  const labels = VALUE_LABELS[`${source}.${field}`];
  if (!labels || (typeof v !== 'string' && typeof v !== 'number')) return '';
  return t(`${labels}${typeof v === 'string' ? v.replaceAll('.', '_') : v}`, { defaultValue: '' }).trim();
}

/** One item of a list or an object, in a few characters. */
function compactItem(v: unknown, locale: string): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'number') return number(v, locale);
  if (typeof v === 'string') return formatTemporal(v) ?? plainText(v);
  if (typeof v === 'boolean') return v ? '✓' : '✗';
  if (Array.isArray(v)) return `[${v.length}]`;
  const o = v as Record<string, unknown>;
  const named = o.title ?? o.name ?? o.label ?? o.nl ?? o.header;
  return typeof named === 'string' && named ? plainText(named) : '{…}';
}

/**
 * A stored value in words: booleans as Ja/Nee, nothing as a dash, dates and moments formatted,
 * numbers in the reader's way (a decimal comma in Dutch), minutes as hours, cents as euros, an id as
 * "#12", a status as the editor says it, HTML as its text, a list or an object in a compact summary.
 */
export function formatValue(t: TFunction, locale: string, source: string, field: string, v: unknown): ShownValue {
  if (v === null || v === undefined || v === '') return { text: '—', empty: true };
  if (typeof v === 'boolean') return { text: t(v ? 'history.values.yes' : 'history.values.no') };
  const word = valueWord(t, source, field, v);
  if (word) return { text: word };
  if (
    field.endsWith('_id') ||
    field === 'decided_by' ||
    field === 'created_by' ||
    field === 'cancelled_by' ||
    field === 'handled_by' ||
    field === 'requested_by'
  ) {
    if (typeof v === 'number' || (typeof v === 'string' && /^\d+$/.test(v))) return { text: `#${v}` };
  }
  if (typeof v === 'number') {
    if (CENTS.test(field)) return { text: number(v / 100, locale, { style: 'currency', currency: 'EUR' }) };
    if (MINUTES.test(field)) return { text: t('history.values.hours', { time: minutesText(v) }) };
    return { text: number(v, locale) };
  }
  if (typeof v === 'string') {
    if (/^#[0-9a-f]{6}$/i.test(v)) return { text: v.toUpperCase(), color: v };
    const temporal = formatTemporal(v);
    if (temporal) return { text: temporal };
    return { text: plainText(v) };
  }
  if (Array.isArray(v)) {
    if (v.length === 0) return { text: '—', empty: true };
    if (v.every((x) => x === null || typeof x !== 'object')) {
      const shown = v.slice(0, 8).map((x) => valueWord(t, source, field, x) || compactItem(x, locale));
      return {
        text: v.length > 8 ? `${shown.join(', ')} ${t('history.values.more', { count: v.length - 8 })}` : shown.join(', '),
      };
    }
    const names = v.map((x) => compactItem(x, locale)).filter((x) => x !== '{…}');
    const count = t('history.values.items', { count: v.length });
    return { text: names.length ? `${count}: ${names.join(', ')}` : count };
  }
  const entries = Object.entries(v as Record<string, unknown>).filter(([, x]) => x !== null && x !== '' && x !== undefined);
  if (entries.length === 0) return { text: '—', empty: true };
  return { text: entries.map(([k, x]) => `${humanise(k)}: ${compactItem(x, locale)}`).join(' · ') };
}
