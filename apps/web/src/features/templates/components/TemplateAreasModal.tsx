import type { TemplateArea } from '@app/shared/templates/templates';
import { Badge, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { HistoryPanel } from '../../../components/history/HistoryPanel';
import { ErrorState } from '../../../components/States';
import { useTemplate } from '../api';

/** Rows shown at once; a template of thousands says how many more there are. */
const SHOWN = 300;

function depth(a: TemplateArea): number {
  return a.kind === 'deck' ? 0 : a.kind === 'area' ? (a.parentId === null ? 0 : 1) : 2;
}

/** A template's decks, areas and sub-areas, indented as a tree. */
export function TemplateAreasModal({ templateId, onClose }: { templateId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const q = useTemplate(templateId);
  return (
    <Modal opened={templateId !== null} onClose={onClose} centered size="lg" title={q.data?.title ?? t('templates.view.title')}>
      {q.isLoading ? (
        <Stack gap="xs" aria-busy="true">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} h={18} />
          ))}
        </Stack>
      ) : q.error || !q.data ? (
        <ErrorState error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <Stack gap="xs">
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text size="sm" c="dimmed">
              {t('templates.view.count', { count: q.data.areaCount })}
            </Text>
            <HistoryPanel subject="template" id={q.data.id} />
          </Group>
          <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('templates.view.listLabel')}>
            {q.data.areas.slice(0, SHOWN).map((a) => (
              <Group component="li" key={a.id} gap="xs" wrap="nowrap" pl={depth(a) * 20}>
                <Badge size="sm" variant="light" color={a.kind === 'deck' ? 'blue' : a.kind === 'area' ? 'gray' : 'grape'}>
                  {t(`templates.kinds.${a.kind}`)}
                </Badge>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {a.number ? `${a.number} · ${a.name}` : a.name}
                </Text>
              </Group>
            ))}
          </Stack>
          {q.data.areas.length > SHOWN ? (
            <Text size="sm" c="dimmed">
              {t('templates.view.more', { count: q.data.areas.length - SHOWN })}
            </Text>
          ) : null}
        </Stack>
      )}
    </Modal>
  );
}
