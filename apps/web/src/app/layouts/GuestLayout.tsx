import { Box, Center, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { Logo } from '../../components/Logo';
import { GuestRouteEffects } from '../navigation-effects';
import { SkipLink, skipTargetProps } from './SkipLink';

/** Sign-in and password screens: one centred card, language switch always at hand. */
export function GuestLayout() {
  const { t } = useTranslation();
  return (
    <Box mih="100vh" bg="gray.0">
      <GuestRouteEffects />
      <SkipLink />
      <Group justify="flex-end" p="md">
        <LanguageSwitch />
      </Group>
      <Center px="md" pb="xl">
        <Stack w="100%" maw={420} gap="lg">
          <Center>
            <Logo />
          </Center>
          <Paper withBorder shadow="sm" radius="md" p="xl" component="main" {...skipTargetProps}>
            <Outlet />
          </Paper>
          <Text size="xs" c="dimmed" ta="center">
            {t('common.footer.tagline')}
          </Text>
        </Stack>
      </Center>
    </Box>
  );
}
