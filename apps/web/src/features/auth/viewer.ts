// The signed-in person for the shared rules, and their self-service: a module of its own, so the
// public catalogue's first chunk (which loads auth/api.ts) does not carry it.

import type { Viewer } from '@app/shared/platform/abilities';
import type { SelfService } from '@app/shared/users/people.rules';
import { useMemo } from 'react';
import { useCurrentUser } from './api';

/**
 * The signed-in person as the shared rules see them (packages/shared/src/platform/abilities.ts):
 * an employee with their permissions and own employee id, or the portal view of a company.
 */
export function useViewer(): Viewer {
  const me = useCurrentUser();
  return useMemo(() => {
    const employee = me.data.guardable_type === 'employee' && !me.data.acting_as;
    return {
      kind: employee ? 'employee' : 'client',
      permissions: new Set(employee ? me.permissions : []),
      roleId: me.role?.id ?? null,
      companyId: employee ? null : (me.data.acting_as?.id ?? me.data.guardable.company_id ?? null),
      employeeId: me.data.guardable_type === 'employee' ? me.data.guardable.id : null,
    };
  }, [me]);
}

/**
 * Before the server says (an old cached answer): the defaults of people.rules.ts's DEFAULT_SELF_SERVICE,
 * written out so the public catalogue's first chunk does not load the people rules.
 */
const NO_SELF_SERVICE_YET: SelfService = { bookHours: true, overnights: true, planner: false };

/** What the signed-in employee may do themselves (their mobile settings); null for the portal. */
export function useSelfService(): SelfService | null {
  const me = useCurrentUser();
  return me.data.guardable_type === 'employee' ? (me.data.guardable.self_service ?? NO_SELF_SERVICE_YET) : null;
}
