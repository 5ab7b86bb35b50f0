import { Alert, Avatar, Box, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { contrast } from '../../../app/theme';
import {
  BLACK,
  DEFAULT_PRIMARY,
  DEFAULT_SECONDARY,
  isHexColor as isHex,
  MIN_CONTRAST,
  formatRatio as shown,
  WHITE,
} from '../brand';
import classes from './BrandPreview.module.css';

/**
 * How the portal will look in these colours, as `PortalShell` draws it: the 'Ingelogd als' bar in the
 * accent colour with black text, the header in the main colour with white text, the current link
 * underlined in the accent colour. Below it, the contrast of both texts, with a warning under 4.5:1.
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
  const primary = isHex(primaryColor) ? primaryColor.trim() : null;
  const secondary = isHex(secondaryColor) ? secondaryColor.trim() : null;
  const shownName = name.trim() || t('companies.editor.preview.placeholderName');
  const primaryRatio = primary ? contrast(WHITE, primary) : null;
  const secondaryRatio = secondary ? contrast(BLACK, secondary) : null;
  const warnings: string[] = [];
  if (primaryRatio !== null && primaryRatio < MIN_CONTRAST) {
    warnings.push(t('companies.editor.contrast.primaryLow', { ratio: shown(primaryRatio, i18n.language) }));
  }
  if (secondaryRatio !== null && secondaryRatio < MIN_CONTRAST) {
    warnings.push(t('companies.editor.contrast.secondaryLow', { ratio: shown(secondaryRatio, i18n.language) }));
  }

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
            '--preview-primary': primary ?? DEFAULT_PRIMARY,
            '--preview-secondary': secondary ?? DEFAULT_SECONDARY,
          } as CSSProperties
        }
        data-testid="brand-preview"
      >
        <div className={classes.toolbar}>{t('companies.editor.preview.toolbar', { name: shownName })}</div>
        <Group className={classes.header} justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="xs" wrap="nowrap" miw={0}>
            {logo ? <Avatar src={logo} alt="" radius="sm" size={28} /> : null}
            <Text fw={700} c="white" truncate>
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
      {warnings.length > 0 ? (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} p="sm" data-testid="contrast-warning">
          <Stack gap={4}>
            {warnings.map((w) => (
              <Text key={w} size="sm">
                {w}
              </Text>
            ))}
          </Stack>
        </Alert>
      ) : primaryRatio !== null && secondaryRatio !== null ? (
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconCircleCheck size={16} color="var(--mantine-color-teal-8)" aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Text size="sm" c="dimmed">
            {t('companies.editor.contrast.ok', {
              primary: shown(primaryRatio, i18n.language),
              secondary: shown(secondaryRatio, i18n.language),
            })}
          </Text>
        </Group>
      ) : null}
    </Stack>
  );
}
