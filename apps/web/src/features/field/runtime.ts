/**
 * The one outbox of the app (IndexedDB, the API with Idempotency-Key) and its hooks. Sent entries
 * refresh every screen's data; `useOutboxRunner` (mounted by the back office's layout) loads the
 * signed-in person's entries and sends them at start-up, when the connection returns and every
 * 30 seconds while some wait.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../lib/notify';
import { getOfflineState, useOfflineState } from '../../lib/offline';
import { queryClient } from '../../lib/query';
import { indexedDbOutboxStore, type OutboxEntry } from './outbox';
import { apiTransport, createOutbox } from './sender';

/** How often waiting entries are tried again while the app is open (the 'online' event may never come). */
export const RETRY_MS = 30_000;

let sentInRound = 0;
export const fieldOutbox = createOutbox(indexedDbOutboxStore(), apiTransport, {
  onSent: () => {
    sentInRound += 1;
    void queryClient.invalidateQueries();
  },
});

export function useOutboxEntries(): readonly OutboxEntry[] {
  return useSyncExternalStore(fieldOutbox.subscribe, fieldOutbox.entries);
}

/** Sends what waits and tells how many went (the forms' own sends have their own toasts). */
async function flushAndTell(message: (count: number) => string): Promise<void> {
  sentInRound = 0;
  await fieldOutbox.flush();
  if (sentInRound > 0) notify.success(message(sentInRound), { id: 'field-outbox-sent' });
}

export function useOutboxRunner(accountId: number | null): void {
  const { t } = useTranslation();
  const { online } = useOfflineState();
  useEffect(() => {
    if (accountId === null || typeof indexedDB === 'undefined') return;
    let stopped = false;
    const tell = (count: number) => t('field.outbox.sentCount', { count });
    const tick = () => {
      if (stopped || !getOfflineState().online) return;
      if (fieldOutbox.entries().some((e) => e.state === 'waiting')) void flushAndTell(tell).catch(() => {});
    };
    void fieldOutbox
      .load(accountId)
      .then(tick)
      .catch((err: unknown) => console.warn('the outbox could not be read', err));
    const timer = window.setInterval(tick, RETRY_MS);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [accountId, t]);
  // Back online: send at once.
  useEffect(() => {
    if (!online || accountId === null) return;
    if (fieldOutbox.entries().some((e) => e.state === 'waiting')) {
      void flushAndTell((count) => t('field.outbox.sentCount', { count })).catch(() => {});
    }
  }, [online, accountId, t]);
}
