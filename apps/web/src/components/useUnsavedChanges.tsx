import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { i18n } from '../lib/i18n';
import { confirmAction } from './confirm';

/** Asks whether unsaved changes may go; resolves true when they may (`where`: leaving a page, or closing a window). */
export function confirmDiscard(where: 'page' | 'modal' = 'page'): Promise<boolean> {
  return confirmAction({
    title: i18n.t('common.unsaved.title'),
    message: i18n.t(where === 'page' ? 'common.unsaved.text' : 'common.unsaved.modalText'),
    confirmLabel: i18n.t(where === 'page' ? 'common.unsaved.leave' : 'common.unsaved.discard'),
    danger: true,
  });
}

/**
 * Leaving an editor with unsaved changes asks first: in-app navigation through a confirmation,
 * closing or reloading the tab through the browser's own prompt. `isDirty` may be a function: it
 * is then asked at the moment of leaving, so a save or a delete that navigates right away (before
 * React re-renders) is not asked about.
 */
export function useUnsavedChanges(isDirty: boolean | (() => boolean)): void {
  const dirty = useRef(isDirty);
  dirty.current = isDirty;
  const check = () => (typeof dirty.current === 'function' ? dirty.current() : dirty.current);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && check(),
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirmDiscard('page').then((leave) => (leave ? blocker.proceed() : blocker.reset()));
  }, [blocker]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: check reads the latest isDirty through the ref
  useEffect(() => {
    const handler = (e: BeforeUnloadEvent) => {
      if (check()) e.preventDefault();
    };
    window.addEventListener('beforeunload', handler);
    return () => window.removeEventListener('beforeunload', handler);
  }, []);
}
