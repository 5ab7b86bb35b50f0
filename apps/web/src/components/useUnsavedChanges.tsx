import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { i18n } from '../lib/i18n';
import { confirmAction } from './confirm';

/**
 * Leaving an editor with unsaved changes asks first: in-app navigation through a confirmation,
 * closing or reloading the tab through the browser's own prompt.
 */
export function useUnsavedChanges(isDirty: boolean): void {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => isDirty && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirmAction({
      title: i18n.t('common.unsaved.title'),
      message: i18n.t('common.unsaved.text'),
      confirmLabel: i18n.t('common.unsaved.leave'),
      danger: true,
    }).then((leave) => (leave ? blocker.proceed() : blocker.reset()));
  }, [blocker]);

  useEffect(() => {
    if (!isDirty) return;
    const handler = (e: BeforeUnloadEvent) => {
      e.preventDefault();
    };
    window.addEventListener('beforeunload', handler);
    return () => window.removeEventListener('beforeunload', handler);
  }, [isDirty]);
}
