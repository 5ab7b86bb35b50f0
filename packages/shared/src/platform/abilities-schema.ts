import * as z from 'zod';
import { ERROR_CODES, type ErrorCode } from './errors';

const errorCodeSchema = z
  .enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]])
  .describe('The error code of the rule that stands in the way');

/** The response schema of a record's abilities, e.g. `abilitiesSchema(['canEdit', 'canDelete'])`. */
export function abilitiesSchema<const K extends string>(names: readonly K[]) {
  const flags = Object.fromEntries(names.map((n) => [n, z.boolean()])) as { [P in K]: z.ZodBoolean };
  const reasons = Object.fromEntries(names.map((n) => [n, errorCodeSchema.optional()])) as {
    [P in K]: z.ZodOptional<typeof errorCodeSchema>;
  };
  return z
    .object({ ...flags, reasons: z.object(reasons) })
    .describe('What the caller may do with this record, computed by the server from the shared rules');
}
