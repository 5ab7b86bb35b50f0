import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconMapOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Center mih="50vh">
      <Stack align="center" ta="center" maw={440}>
        <IconMapOff size={48} stroke={1.5} aria-hidden />
        <Title order={1} fz={28}>
          {t('common.notFound.title')}
        </Title>
        <Text c="dimmed">{t('common.notFound.text')}</Text>
        <Button component={Link} to="/">
          {t('common.notFound.home')}
        </Button>
      </Stack>
    </Center>
  );
}
