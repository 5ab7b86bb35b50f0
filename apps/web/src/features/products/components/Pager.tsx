import { Box, Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * Previous / 'Pagina 2 van 5' / next. Small on purpose: the catalogue is on a visitor's first load
 * (G6), and a phone has no room for a row of page numbers anyway.
 */
export function Pager({ page, lastPage, onPage }: { page: number; lastPage: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  return (
    <Group component="nav" justify="center" gap="sm" mt="xl" aria-label={t('public.pagination.label')} wrap="nowrap">
      <Button
        variant="default"
        styles={{ section: { margin: 0 } }}
        leftSection={<IconChevronLeft size={16} aria-hidden />}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
        aria-label={t('public.pagination.previous')}
      >
        <Box component="span" visibleFrom="xs" ml={8}>
          {t('public.pagination.previousShort')}
        </Box>
      </Button>
      <Text size="sm" ta="center" style={{ whiteSpace: 'nowrap' }}>
        {t('public.pagination.status', { page, last: lastPage })}
      </Text>
      <Button
        variant="default"
        styles={{ section: { margin: 0 } }}
        rightSection={<IconChevronRight size={16} aria-hidden />}
        disabled={page >= lastPage}
        onClick={() => onPage(page + 1)}
        aria-label={t('public.pagination.next')}
      >
        <Box component="span" visibleFrom="xs" mr={8}>
          {t('public.pagination.nextShort')}
        </Box>
      </Button>
    </Group>
  );
}
