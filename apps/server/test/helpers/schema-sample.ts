import fc from 'fast-check';

/** The part of JSON Schema (OpenAPI 3.0 and 3.1 flavours) the route schemas use. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
}

/** Values the sample cannot know from the schema alone: ids of records that exist, their versions. */
export interface SampleHints {
  /** A known id for a property or parameter name (e.g. roleId, categoryId), or undefined. */
  id(name: string): number | undefined;
  /** The current version of the record the request is about, if known. */
  version(): number | undefined;
}

let counter = 0;

/** A fresh, unique suffix so repeated creates do not collide on unique names or slugs. */
const next = () => ++counter;

function lowerBound(s: JsonSchema): number | undefined {
  if (typeof s.exclusiveMinimum === 'number') return s.exclusiveMinimum + 1;
  if (s.minimum === undefined) return undefined;
  return s.exclusiveMinimum === true ? s.minimum + 1 : s.minimum;
}

function upperBound(s: JsonSchema): number | undefined {
  if (typeof s.exclusiveMaximum === 'number') return s.exclusiveMaximum - 1;
  if (s.maximum === undefined) return undefined;
  return s.exclusiveMaximum === true ? s.maximum - 1 : s.maximum;
}

function typeOf(s: JsonSchema): string | undefined {
  if (Array.isArray(s.type)) return s.type.find((t) => t !== 'null');
  if (s.type) return s.type;
  if (s.properties) return 'object';
  if (s.items) return 'array';
  return undefined;
}

function sampleString(s: JsonSchema, name: string, hints: SampleHints): string {
  // Numbers sent as text (query parameters): the record's version, a known id.
  const known = name === 'version' ? hints.version() : /Id$/.test(name) ? hints.id(name) : undefined;
  if (known !== undefined && (!s.pattern || new RegExp(s.pattern).test(String(known)))) return String(known);
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? 200;
  if (s.pattern) {
    const re = new RegExp(s.pattern);
    // A fixed seed keeps the sample reproducible. Matches come out short, so each is also tried
    // repeated up to the minimum length (a token of 43 characters, a slug).
    for (const m of fc.sample(fc.stringMatching(re), { seed: next(), numRuns: 50 })) {
      const long = m.length > 0 && m.length < min ? m.repeat(Math.ceil(min / m.length)).slice(0, max) : m;
      for (const candidate of [m, long]) {
        if (candidate.length >= min && candidate.length <= max && re.test(candidate)) return candidate;
      }
    }
  }
  let v: string;
  // Generic readings of common property names, so a sample passes the refinements JSON Schema cannot show.
  if (/email/i.test(name)) v = `fuzz-${next()}@example.test`;
  else if (/url|link|referrer/i.test(name)) v = `https://example.test/fuzz-${next()}`;
  else if (/password/i.test(name)) v = 'Fuzz-Pass-Phrase-42';
  else if (/locale|language/i.test(name)) v = 'nl';
  // Calendar days (date, from, to, effectiveFrom, expiresOn, lockedThrough, ...) and times of day.
  else if (/^(date|from|to)$|Date$|On$|From$|Through$/.test(name)) v = '2026-11-16';
  else if (name === 'start') v = '08:00';
  else if (name === 'end') v = '16:30';
  else v = `fuzz-${name || 'value'}-${next()}`;
  if (v.length > max) v = v.slice(v.length - max);
  while (v.length < min) v += 'x';
  return v;
}

/**
 * A value the schema accepts, built from the schema alone: the first choice of every union and
 * enum, numbers at their lower bound, the fewest array items, every declared property (also the
 * optional ones, so each can be mutated). Names steer the few things a schema cannot say: ids
 * and versions come from hints, `x_confirmation` repeats `x`.
 */
export function sampleFor(schema: JsonSchema | undefined, hints: SampleHints, name = ''): unknown {
  if (!schema) return undefined;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum.find((v) => v !== null) ?? schema.enum[0];
  const union = schema.anyOf ?? schema.oneOf;
  if (union?.length) {
    const first = union.find((u) => u.type !== 'null') ?? union[0];
    return sampleFor(first, hints, name);
  }
  if (schema.allOf?.length) {
    return Object.assign({}, ...schema.allOf.map((part) => sampleFor(part, hints, name) as object));
  }
  switch (typeOf(schema)) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, prop] of Object.entries(schema.properties ?? {})) out[key] = sampleFor(prop, hints, key);
      for (const key of Object.keys(out)) {
        const base = key.replace(/_confirmation$/, '');
        if (base !== key && base in out) out[key] = out[base];
      }
      if (!schema.properties && typeof schema.additionalProperties === 'object') {
        out.key = sampleFor(schema.additionalProperties, hints, 'key');
      }
      return out;
    }
    case 'array': {
      const n = schema.minItems ?? 0;
      return Array.from({ length: n }, () => sampleFor(schema.items, hints, name));
    }
    case 'string':
      return sampleString(schema, name, hints);
    case 'integer':
    case 'number': {
      const lo = lowerBound(schema);
      const hi = upperBound(schema);
      let v = lo !== undefined && lo > 1 ? lo : 1;
      if (name === 'version') v = hints.version() ?? v;
      // A place on a page as fractions (markup anchors): the top left corner, so a width and a height of 1 still fit.
      else if ((name === 'x' || name === 'y') && (lo ?? 0) <= 0) v = 0;
      else if (/(Id|Ids|^ids?)$/.test(name)) {
        // An id, or one of a list of ids (`ids`, `userIds`: the array's items carry its name).
        const known = hints.id(name);
        // A reference to a record the test does not know: none, where none is allowed.
        if (known === undefined && (schema.nullable || (Array.isArray(schema.type) && schema.type.includes('null')))) return null;
        v = known ?? v;
      }
      if (hi !== undefined && v > hi) v = hi;
      if (lo !== undefined && v < lo) v = lo;
      return v;
    }
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return {};
  }
}

/** A path into a value: object keys and array indexes. */
export type ValuePath = (string | number)[];

/**
 * Every place in values of this schema a mutation can aim at: each property, one item of each
 * array, one entry of each open record, at any depth; the root is the empty path.
 */
export function schemaPaths(schema: JsonSchema | undefined, prefix: ValuePath = [], depth = 0): ValuePath[] {
  if (!schema || depth > 8) return [];
  const out: ValuePath[] = [prefix];
  const union = schema.anyOf ?? schema.oneOf;
  if (union?.length) {
    const seen = new Set<string>();
    for (const u of union) {
      for (const p of schemaPaths(u, prefix, depth + 1)) {
        const k = JSON.stringify(p);
        if (!seen.has(k) && k !== JSON.stringify(prefix)) {
          seen.add(k);
          out.push(p);
        }
      }
    }
    return out;
  }
  for (const [key, prop] of Object.entries(schema.properties ?? {})) out.push(...schemaPaths(prop, [...prefix, key], depth + 1));
  if (!schema.properties && typeof schema.additionalProperties === 'object') {
    out.push(...schemaPaths(schema.additionalProperties, [...prefix, 'key'], depth + 1));
  }
  if (schema.items) out.push(...schemaPaths(schema.items, [...prefix, 0], depth + 1));
  return out;
}

/** The schema found at a path, if the path follows the schema. */
export function schemaAt(schema: JsonSchema | undefined, path: ValuePath): JsonSchema | undefined {
  let s = schema;
  for (const seg of path) {
    if (!s) return undefined;
    const union = s.anyOf ?? s.oneOf;
    if (union?.length) s = union.find((u) => (typeof seg === 'number' ? u.items : u.properties?.[seg])) ?? union[0];
    if (!s) return undefined;
    if (typeof seg === 'number') s = s.items;
    else s = s.properties?.[seg] ?? (typeof s.additionalProperties === 'object' ? s.additionalProperties : undefined);
  }
  return s;
}

/** A copy of value with the value at path replaced (or, with `drop`, removed); missing levels are made. */
export function withValueAt(value: unknown, path: ValuePath, replacement: unknown, drop = false): unknown {
  if (path.length === 0) return drop ? undefined : replacement;
  const [head, ...rest] = path as [string | number, ...ValuePath];
  // A named key on an array turns it into an object with the same entries (setting `length` would throw).
  const base: Record<string | number, unknown> | unknown[] = Array.isArray(value)
    ? typeof head === 'number'
      ? [...value]
      : { ...value }
    : value !== null && typeof value === 'object'
      ? { ...(value as Record<string, unknown>) }
      : typeof head === 'number'
        ? []
        : {};
  const child = (base as Record<string | number, unknown>)[head];
  if (rest.length === 0 && drop) {
    if (Array.isArray(base) && typeof head === 'number') base.splice(head, 1);
    else delete (base as Record<string | number, unknown>)[head];
  } else {
    (base as Record<string | number, unknown>)[head] = withValueAt(child, rest, replacement, drop);
  }
  return base;
}
