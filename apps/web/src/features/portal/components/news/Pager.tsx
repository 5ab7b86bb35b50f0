import type { PageMeta } from '@app/shared/platform/http';
import { Group, Pagination, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The page numbers under a portal list, with the total; nothing when it all fits on one page. */
export function Pager({ meta, onPage }: { meta: PageMeta | undefined; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  if (!meta || meta.last_page <= 1) return null;
  return (
    <Group justify="space-between" mt="lg" gap="sm">
      <Text size="sm" c="dimmed">
        {t('common.table.total', { count: meta.total })}
      </Text>
      <Pagination
        total={meta.last_page}
        value={meta.current_page}
        onChange={onPage}
        siblings={0}
        size="sm"
        getControlProps={(control) => ({ 'aria-label': t(`common.table.${control}`) })}
      />
    </Group>
  );
}
