import * as z from 'zod';
import type { RouteRecord } from '../../src/app';
import type { Database } from '../../src/db/client';
import { type JsonSchema, sampleFor } from './schema-sample';

// What the generated route matrices share (scope-matrix.test.ts for companies, people-matrix.test.ts
// for employees' records): the path parameters of a route, a body and query its schemas accept, and
// a digest of every table, so "changes nothing" covers every table there is and will be.

/** The names of a route's path parameters, in order (`/api/users/:userId/schedules/:scheduleId`). */
export const paramsOf = (url: string) => [...url.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1] as string);

/** A digest of every table's rows (sessions, rate limits, analytics events and the audit log left out). */
export async function tableDigest(db: Database): Promise<string> {
  const tables = await db.raw.query<{ t: string }>(
    `SELECT quote_ident(table_name) AS t FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
        AND table_name NOT IN ('sessions', 'rate_limits', 'analytics_events', 'audit_log') ORDER BY table_name`,
  );
  const parts: string[] = [];
  for (const { t: table } of tables) {
    const r = await db.raw.query<{ d: string | null }>(
      `SELECT md5(string_agg(x::text, ',' ORDER BY x::text)) AS d FROM ${table} x`,
    );
    parts.push(`${table}:${r[0]?.d ?? ''}`);
  }
  return parts.join('|');
}

/**
 * A body and query the route's schemas accept, naming the given records where a field names one
 * (`projectId` -> ids.projectId), so a write is refused by the scope and not by validation before it.
 */
export function validRouteInput(r: RouteRecord, ids: Record<string, string>): { body?: unknown; query: string } {
  const hints = { id: (name: string) => (ids[name] === undefined ? undefined : Number(ids[name])), version: () => 1 };
  const json = (s: unknown) => z.toJSONSchema(s as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const body = r.schema?.body ? sampleFor(json(r.schema.body), hints) : undefined;
  const q = r.schema?.querystring ? (sampleFor(json(r.schema.querystring), hints) as Record<string, unknown>) : {};
  const required = new Set(r.schema?.querystring ? (json(r.schema.querystring).required ?? []) : []);
  const pairs = Object.entries(q).filter(([k, v]) => required.has(k) && v !== undefined && v !== null);
  const query = pairs.length ? `?${new URLSearchParams(pairs.map(([k, v]): [string, string] => [k, String(v)])).toString()}` : '';
  return body === undefined ? { query } : { body, query };
}
