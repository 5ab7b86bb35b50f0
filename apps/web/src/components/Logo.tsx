import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function Logo({ inverted = false }: { inverted?: boolean }) {
  const { t } = useTranslation();
  return (
    <Group gap={8} wrap="nowrap">
      <img src="/favicon.svg" alt="" width={28} height={28} />
      <Text fw={700} fz={{ base: 'md', sm: 'lg' }} c={inverted ? 'white' : undefined} style={{ whiteSpace: 'nowrap' }}>
        {t('common.appName')}
      </Text>
    </Group>
  );
}
