import { useTranslation } from 'react-i18next';
import { deniedReason } from '../../lib/abilities';
import { useProject } from './api';

/**
 * Whether the project's screens offer their actions (add, bulk add, new ticket, …), and whether
 * they are refused for a reason of the project itself: a deleted project is read-only, so its
 * actions look disabled and say why (PROJECT_DELETED) instead of opening a form that only the
 * save refuses (409). `shown`: the server lets this person change the project, or refuses only
 * for such a reason (not FORBIDDEN); `denied`: that reason, or null. Both follow the project's
 * abilities, so nothing shows before the project is loaded.
 */
export function useProjectLock(projectId: number): { shown: boolean; denied: string | null } {
  const { t } = useTranslation();
  const abilities = useProject(projectId).data?.abilities;
  const shown = !!abilities && (abilities.canEdit || abilities.reasons.canEdit !== 'FORBIDDEN');
  return { shown, denied: shown && abilities ? deniedReason(t, abilities, 'canEdit') : null };
}
