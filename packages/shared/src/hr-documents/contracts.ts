import * as z from 'zod';
import { fileSchema } from '../files/files';
import { abilitiesSchema } from '../platform/abilities-schema';
import { idSchema, versionField } from '../platform/http';
import { calendarDateSchema, workDateSchema } from '../users/people';
import { CONTRACT_STATUSES } from './documents.rules';

// Employment contracts (/api/users/:userId/contracts).

export const CONTRACT_ABILITIES = ['canEdit', 'canDelete'] as const;
/** 80 hours a week, as minutes: the most a contract may say. */
export const MAX_CONTRACT_MINUTES = 4800;

export const contractParams = z.strictObject({ userId: idSchema, contractId: idSchema });

export const employeeContractSchema = z.object({
  id: z.number().int(),
  employeeId: z.number().int(),
  startsOn: calendarDateSchema,
  endsOn: calendarDateSchema.nullable().describe('The last day; null for a permanent contract'),
  minutesPerWeek: z.number().int().describe('Hours per week, as minutes (38 h = 2280)'),
  status: z.enum(CONTRACT_STATUSES).describe('upcoming, current, ending (within 30 days) or ended'),
  notes: z.string(),
  file: fileSchema.nullable().describe('The signed contract, downloaded through GET /api/files/:id'),
  version: z.number().int(),
  createdAt: z.string(),
  abilities: abilitiesSchema(CONTRACT_ABILITIES),
});
export type EmployeeContract = z.infer<typeof employeeContractSchema>;

export const contractListSchema = z.object({
  data: z.array(employeeContractSchema),
  today: calendarDateSchema,
  abilities: abilitiesSchema(['canCreate'] as const),
});
export type ContractList = z.infer<typeof contractListSchema>;

const contractFields = {
  startsOn: workDateSchema,
  endsOn: workDateSchema.nullable().default(null).describe('null for a permanent contract'),
  minutesPerWeek: z.number().int().min(1).max(MAX_CONTRACT_MINUTES).describe('Hours per week as minutes, 1 to 4800'),
  fileId: z
    .number()
    .int()
    .min(1)
    .max(2_147_483_647)
    .nullable()
    .default(null)
    .describe('The signed contract: an image or PDF uploaded with POST /api/files (or the current file)'),
  notes: z.string().trim().max(2000).default(''),
};
const endsAfterStart = (c: { startsOn: string; endsOn: string | null }) => c.endsOn === null || c.endsOn >= c.startsOn;
const endError = { message: 'end_before_start', path: ['endsOn'] };

export const contractInputSchema = z.strictObject(contractFields).refine(endsAfterStart, endError);
export type ContractInput = z.input<typeof contractInputSchema>;
export const contractUpdateSchema = z.strictObject({ ...contractFields, version: versionField }).refine(endsAfterStart, endError);
export type ContractUpdate = z.input<typeof contractUpdateSchema>;
