import { Group, type MantineBreakpoint, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The mark and the app's name; `nameFrom` shows the name only from that width up (a crowded header). */
export function Logo({ inverted = false, nameFrom }: { inverted?: boolean; nameFrom?: MantineBreakpoint }) {
  const { t } = useTranslation();
  return (
    <Group gap={8} wrap="nowrap">
      <img src="/favicon.svg" alt="" width={28} height={28} />
      <Text
        fw={700}
        fz={{ base: 'md', sm: 'lg' }}
        c={inverted ? 'white' : undefined}
        style={{ whiteSpace: 'nowrap' }}
        visibleFrom={nameFrom}
      >
        {t('common.appName')}
      </Text>
    </Group>
  );
}
