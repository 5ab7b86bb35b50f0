import type { Drawing } from '@app/shared/drawings/drawings';
import { Button, Card, Group, Stack, Tabs, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApproversBlock } from '../../../components/approvals/ApproversBlock';
import { confirmAction } from '../../../components/confirm';
import { DeleteButton } from '../../../components/DeleteButton';
import { deniedReason } from '../../../lib/abilities';
import { useAttempt } from '../../../lib/attempt';
import { notify } from '../../../lib/notify';
import { type DrawingSide, drawingPaths, useDeleteDrawing } from '../api';
import { DrawingHeading, VersionList } from './DrawingSummary';
import { NewVersionModal } from './NewVersionModal';

// The drawing page of both sides: tabs details, versions and options (the tab in the URL), the
// versions with "Nieuwe versie", and deleting.

export const DRAWING_PAGE_TABS = ['details', 'versions', 'options'] as const;
export type DrawingPageTab = (typeof DRAWING_PAGE_TABS)[number];

/** The drawing's name and status above its tabs; each tab's content comes from the page. */
export function DrawingTabsView({
  drawing,
  side,
  panels,
}: {
  drawing: Drawing;
  side: DrawingSide;
  panels: Record<DrawingPageTab, () => ReactNode>;
}) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: DrawingPageTab = (DRAWING_PAGE_TABS as readonly string[]).includes(raw ?? '') ? (raw as DrawingPageTab) : 'details';
  return (
    <Stack gap="md">
      <DrawingHeading drawing={drawing} side={side} />
      <ApproversBlock record={drawing} />
      <Tabs
        value={tab}
        onChange={(v) =>
          setParams(
            (prev) => {
              const p = new URLSearchParams(prev);
              if (!v || v === 'details') p.delete('tab');
              else p.set('tab', v);
              return p;
            },
            { replace: true },
          )
        }
        keepMounted={false}
      >
        <Tabs.List mb="md">
          {DRAWING_PAGE_TABS.map((x) => (
            <Tabs.Tab key={x} value={x}>
              {x === 'versions' ? t('drawings.tabs.versionsCount', { count: drawing.versionCount }) : t(`drawings.tabs.${x}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value={tab}>{panels[tab]()}</Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/**
 * "Nieuwe versie", enabled while the server allows it; when it does not, the reason beside it
 * (the specification's message: a version waits, or the drawing is approved).
 */
export function NewVersionAction({ drawing, side }: { drawing: Drawing; side: DrawingSide }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const reasonId = useId();
  const denied = deniedReason(t, drawing.abilities, 'canAddVersion');
  if (drawing.abilities.reasons.canAddVersion === 'FORBIDDEN') return null;
  return (
    <>
      <Group gap="sm" wrap="wrap" align="center">
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => setOpened(true)}
          disabled={!!denied}
          aria-describedby={denied ? reasonId : undefined}
        >
          {t('drawings.newVersion.button')}
        </Button>
        {denied ? (
          <Text id={reasonId} size="sm" c="dimmed" style={{ flex: '1 1 16rem' }}>
            {denied}
          </Text>
        ) : null}
      </Group>
      <NewVersionModal drawing={drawing} side={side} opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}

/** The versions tab: "Nieuwe versie" and the versions, newest first. */
export function VersionsTab({ drawing, side }: { drawing: Drawing; side: DrawingSide }) {
  return (
    <Stack gap="md">
      <NewVersionAction drawing={drawing} side={side} />
      <VersionList drawing={drawing} side={side} />
    </Stack>
  );
}

/** Deleting the drawing, after a question; hidden when the viewer may never delete it. */
export function DeleteDrawingCard({ drawing, side, help }: { drawing: Drawing; side: DrawingSide; help: string }) {
  const { t } = useTranslation();
  const attempt = useAttempt();
  const navigate = useNavigate();
  const remove = useDeleteDrawing(side);
  if (drawing.abilities.reasons.canDelete === 'FORBIDDEN' && side.kind === 'client') return null;
  const handleDelete = async () => {
    const ok = await confirmAction({
      title: t('drawings.delete.title'),
      message: t('drawings.delete.text', { name: drawing.name }),
      confirmLabel: t('drawings.delete.confirm'),
      danger: true,
    });
    if (!ok) return;
    await attempt(async () => {
      await remove.mutateAsync(drawing);
      notify.success(t('drawings.delete.done', { name: drawing.name }));
      void navigate(drawingPaths(side).list);
    });
  };
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm" align="flex-start">
        <Text fw={600}>{t('drawings.delete.heading')}</Text>
        <Text size="sm" c="dimmed">
          {help}
        </Text>
        <DeleteButton
          label={t('drawings.delete.button')}
          onClick={() => void handleDelete()}
          loading={remove.isPending}
          denied={deniedReason(t, drawing.abilities, 'canDelete')}
        />
      </Stack>
    </Card>
  );
}
