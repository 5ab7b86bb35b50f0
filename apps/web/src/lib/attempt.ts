import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { isApiError } from './api';
import { errorMessage } from './errors';
import { notify } from './notify';

/**
 * The one way a failed mutation (or any action a person started) is told: an error toast with
 * errors.<CODE> in their language (`errorMessage`). `id`: one toast per id (an editor's error,
 * taken away once the problem is fixed).
 */
export function notifyError(t: TFunction, err: unknown, o?: { id?: string }): void {
  if (o) notify.error(errorMessage(t, err), o);
  else notify.error(errorMessage(t, err));
}

/** A 409 STALE_VERSION: someone saved the record since it was loaded. */
export const isStaleVersion = (err: unknown): boolean => isApiError(err) && err.code === 'STALE_VERSION';

export interface AttemptOptions {
  /** On 409 STALE_VERSION, e.g. `editor.markStale` (the editor's stale banner): this instead of the toast. */
  onStale?: () => void;
  /** With `onStale`: the toast shows as well. */
  staleToast?: boolean;
  /**
   * Runs first when the action fails, e.g. to show the editor's stale banner on STALE_VERSION or
   * to end a busy state. Return true when it has told the person itself: then there is no toast.
   */
  onError?: (err: unknown) => unknown;
}

export type Attempt = <T>(action: () => Promise<T>, o?: AttemptOptions) => Promise<T | undefined>;

/**
 * Runs an action a person started (a mutation and its success toast, a download, acting as a
 * company): its result, or on a failure the error toast (`notifyError`) and undefined. It never
 * throws, so a handler only says what success means:
 *
 *   const attempt = useAttempt();
 *   const handleRestore = (p: Project) =>
 *     attempt(async () => {
 *       await restore.mutateAsync(p);
 *       notify.success(t('projects.restore.done', { name: p.name }));
 *     });
 */
export function useAttempt(): Attempt {
  const { t } = useTranslation();
  return async (action, o = {}) => {
    try {
      return await action();
    } catch (err) {
      const stale = !!o.onStale && isStaleVersion(err);
      if (stale) o.onStale?.();
      const told = stale ? !o.staleToast : o.onError?.(err) === true;
      if (!told) notifyError(t, err);
      return undefined;
    }
  };
}
