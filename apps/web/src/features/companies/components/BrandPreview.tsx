import { Alert, Avatar, Box, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { portalColors, UI_CONTRAST, WHITE } from '../../../platform/portal-colors';
import { contrast } from '../../../platform/theme';
import { DEFAULT_PRIMARY, DEFAULT_SECONDARY, isHexColor as isHex, formatRatio as shown } from '../brand';
import classes from './BrandPreview.module.css';

/**
 * How the portal will look in these colours, as `PortalShell` draws it (`portalColors`): the
 * 'Ingelogd als' bar in the accent colour and the header in the main colour, each with the text
 * colour the portal picks for it (white or dark, whichever reads), the current link underlined in
 * the accent colour. Below it, the contrast each text reaches, and a warning when the accent
 * colour does not stand out against the main colour (the portal then underlines in the text colour).
 */
export function BrandPreview({
  name,
  logo,
  primaryColor,
  secondaryColor,
}: {
  name: string;
  logo: string | null;
  primaryColor: string;
  secondaryColor: string;
}) {
  const { t, i18n } = useTranslation();
  const valid = isHex(primaryColor) && isHex(secondaryColor);
  const colors = portalColors({
    primaryColor: isHex(primaryColor) ? primaryColor.trim() : DEFAULT_PRIMARY,
    secondaryColor: isHex(secondaryColor) ? secondaryColor.trim() : DEFAULT_SECONDARY,
  });
  const shownName = name.trim() || t('companies.editor.preview.placeholderName');
  const textName = (c: string) => t(c === WHITE ? 'companies.editor.contrast.white' : 'companies.editor.contrast.dark');
  const accentRatio = contrast(colors.secondary, colors.primary);
  const accentLow = valid && accentRatio < UI_CONTRAST;

  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {t('companies.editor.preview.title')}
      </Text>
      {/* A picture of the header, not controls: one name for screen readers, nothing to focus. */}
      <Box
        role="img"
        aria-label={t('companies.editor.preview.label')}
        className={classes.frame}
        style={
          {
            '--preview-primary': colors.primary,
            '--preview-on-primary': colors.onPrimary,
            '--preview-secondary': colors.secondary,
            '--preview-on-secondary': colors.onSecondary,
            '--preview-accent': colors.accent,
          } as CSSProperties
        }
        data-testid="brand-preview"
      >
        <div className={classes.toolbar}>{t('companies.editor.preview.toolbar', { name: shownName })}</div>
        <Group className={classes.header} justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="xs" wrap="nowrap" miw={0}>
            {logo ? <Avatar src={logo} alt="" radius="sm" size={28} /> : null}
            <Text fw={700} c="inherit" truncate>
              {shownName}
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap" style={{ flexShrink: 0 }}>
            <span className={classes.link} data-current="true">
              {t('companies.editor.preview.home')}
            </span>
            <span className={classes.button}>{t('companies.editor.preview.button')}</span>
          </Group>
        </Group>
        <div className={classes.page} />
      </Box>
      {accentLow ? (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} p="sm" data-testid="contrast-warning">
          <Text size="sm">{t('companies.editor.contrast.accentLow', { ratio: shown(accentRatio, i18n.language) })}</Text>
        </Alert>
      ) : null}
      {valid ? (
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconCircleCheck size={16} color="var(--mantine-color-teal-8)" aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Text size="sm" c="dimmed" data-testid="contrast-note">
            {t('companies.editor.contrast.ok', {
              primaryText: textName(colors.onPrimary),
              primary: shown(contrast(colors.onPrimary, colors.primary), i18n.language),
              secondaryText: textName(colors.onSecondary),
              secondary: shown(contrast(colors.onSecondary, colors.secondary), i18n.language),
            })}
          </Text>
        </Group>
      ) : null}
    </Stack>
  );
}
