import * as z from 'zod';
import { APPROVER_STATES } from './approvers.rules';
import { idSchema } from './http';

// The contracts of named approvers, shared by the records that wait for the client's decision
// (drawings, orders' designs): the rules are in approvers.rules.ts.

/** A named approver with their own state on the latest version. */
export const approverSchema = z.object({
  id: z.number().int().describe('The account'),
  name: z.string(),
  state: z.enum(APPROVER_STATES),
  decidedAt: z.string().nullable(),
});
export type Approver = z.infer<typeof approverSchema>;

/** A company user who can be named an approver (active, invitation accepted). */
export const approverChoiceSchema = z.object({ id: z.number().int().describe('The account'), name: z.string() });
export type ApproverChoice = z.infer<typeof approverChoiceSchema>;
export const approverChoicesSchema = z.array(approverChoiceSchema);
export const approverChoicesQuerySchema = z.strictObject({ companyId: idSchema });
