import fastJson from 'fast-json-stringify';
import * as z from 'zod';

type Json = Record<string, unknown>;

/** fast-json-stringify reads `nullable`, not anyOf-with-null, and anyOf is slow there: fold it. */
function foldNullable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(foldNullable);
  if (!node || typeof node !== 'object') return node;
  const obj = node as Json;
  const out: Json = {};
  for (const [k, v] of Object.entries(obj)) out[k] = foldNullable(v);
  const any = out.anyOf as Json[] | undefined;
  if (Array.isArray(any) && any.length === 2) {
    const nullIdx = any.findIndex((s) => s && s.type === 'null');
    if (nullIdx !== -1) {
      const other = any[1 - nullIdx] as Json;
      const { anyOf: _drop, ...rest } = out;
      return { ...rest, ...other, nullable: true };
    }
  }
  return out;
}

export function toJsonSchema(schema: z.ZodType): Json {
  const json = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' }) as Json;
  delete json.$schema;
  return foldNullable(json) as Json;
}

type Serialize = (data: unknown) => string;

/**
 * One compiled serialiser per schema: an app built again in the same process (the server tests
 * build one per test file) reuses the code compiled for the first instead of compiling every
 * response schema anew. Looked up by the schema object (module constants, envelope() and pageOf()
 * give the same object each time) and then by the JSON schema's text (a schema written inline in
 * a route). A serialiser is a pure function of its schema.
 */
const byObject = new WeakMap<object, Serialize>();
const byText = new Map<string, Serialize>();

/**
 * Response serialisation through fast-json-stringify built from the zod response schema: fast
 * (G1), and only declared fields ever leave the server (Z9).
 */
export function serializerCompiler({ schema }: { schema: unknown }): Serialize {
  const key = schema as object;
  const cached = byObject.get(key);
  if (cached) return cached;
  const json = schema instanceof z.ZodType ? toJsonSchema(schema) : (schema as Json);
  const text = JSON.stringify(json);
  let serialize = byText.get(text);
  if (!serialize) {
    serialize = fastJson(json as unknown as Parameters<typeof fastJson>[0]) as Serialize;
    byText.set(text, serialize);
  }
  byObject.set(key, serialize);
  return serialize;
}
