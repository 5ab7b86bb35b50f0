import type { HistorySubject } from '@app/shared/history/history';
import { ActionIcon, Button, Drawer, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconHistory } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HistorySkeleton } from './HistorySkeleton';

// The timeline, its formatting and its query load only when the drawer first opens.
const HistoryTimeline = lazy(() => import('./HistoryTimeline'));

/**
 * The open history drawers, newest last. The panel often sits in an editor's modal or drawer, and
 * Mantine closes every open modal on Escape (each listens on the window). This listener is added
 * when this module loads, so before any editor that uses the panel mounts its modal: Escape then
 * closes the newest history drawer and goes no further, and the editor stays open.
 */
const openDrawers: (() => void)[] = [];
if (typeof window !== 'undefined') {
  window.addEventListener(
    'keydown',
    (event) => {
      const close = openDrawers[openDrawers.length - 1];
      if (event.key !== 'Escape' || event.isComposing || !close) return;
      event.stopImmediatePropagation();
      close();
    },
    { capture: true },
  );
}

/** Phones get the drawer full screen. */
const PHONE_QUERY = '(max-width: 48em)';

export interface HistoryPanelProps {
  subject: HistorySubject;
  id: number;
  /** An icon button with a tooltip, for a list row; `label` then names the row ("Geschiedenis van …"). */
  compact?: boolean;
  /** The button's accessible name when it should say which record (default "Geschiedenis"). */
  label?: string;
}

/**
 * A record's history, the same on every editor: a "History" button that opens a drawer
 * with who changed what and when, field by field. Nothing is asked of the server until it opens.
 * Put it only on a saved record (one with an id), in the page header or the editor's footer.
 */
export function HistoryPanel({ subject, id, compact, label }: HistoryPanelProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const phone = useMediaQuery(PHONE_QUERY);
  useEffect(() => {
    if (!opened) return;
    const close = () => setOpened(false);
    openDrawers.push(close);
    return () => {
      openDrawers.splice(openDrawers.indexOf(close), 1);
    };
  }, [opened]);
  return (
    <>
      {compact ? (
        <Tooltip label={t('history.open')}>
          <ActionIcon
            variant="subtle"
            color="gray"
            onClick={() => setOpened(true)}
            aria-haspopup="dialog"
            aria-label={label ?? t('history.open')}
          >
            <IconHistory size={18} stroke={1.75} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ) : (
        <Button
          variant="default"
          leftSection={<IconHistory size={16} stroke={1.75} aria-hidden />}
          onClick={() => setOpened(true)}
          aria-haspopup="dialog"
          aria-label={label}
        >
          {t('history.open')}
        </Button>
      )}
      <Drawer
        opened={opened}
        onClose={() => setOpened(false)}
        closeOnEscape={false}
        position="right"
        size={phone ? '100%' : 'lg'}
        title={t('history.title')}
      >
        {opened ? (
          <Suspense fallback={<HistorySkeleton />}>
            <HistoryTimeline subject={subject} id={id} />
          </Suspense>
        ) : null}
      </Drawer>
    </>
  );
}
