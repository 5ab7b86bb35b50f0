import { Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { IconPhotoPlus, IconTrash } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/confirm';
import { IMAGE_ACCEPT, useMediaUpload } from '../../../components/media-upload';
import { useAttempt } from '../../../lib/attempt';
import { notify } from '../../../lib/notify';
import { useSetCompanyLogo } from '../logo-api';
import { CompanyAvatar } from './CompanyAvatar';

interface Props {
  companyId: number | undefined;
  name: string;
  logo: string | null;
  primaryColor: string;
  /** May change the logo (the company's canEdit: companies.manage); otherwise it is only shown. */
  canEdit: boolean;
  /** After a saved change: the logo's new address (null: removed). */
  onChange: (logo: string | null) => void;
}

/**
 * The company's logo as the portal shows it (or its initials in its colour), with upload or
 * replace and remove (after a question). Saved at once, apart from the form: it goes to
 * POST /api/media, then PUT /api/companies/:id/logo. A new company gets its logo once it is saved.
 */
export function CompanyLogoField({ companyId, name, logo, primaryColor, canEdit, onChange }: Props) {
  const { t } = useTranslation();
  const attempt = useAttempt();
  const { upload, uploading } = useMediaUpload();
  const setLogo = useSetCompanyLogo(companyId ?? 0);
  const resetRef = useRef<() => void>(null);
  const label = t('companies.fields.logo');
  const busy = uploading || setLogo.isPending;

  const save = async (mediaId: number | null) => {
    await attempt(async () => {
      const saved = await setLogo.mutateAsync(mediaId);
      onChange(saved.logo);
      notify.success(t(mediaId === null ? 'companies.logo.removed' : 'companies.logo.saved', { name: saved.name }));
    });
  };

  const handleFile = async (file: File | null) => {
    resetRef.current?.();
    if (!file) return;
    const [stored] = await upload([file], 1);
    if (stored) await save(stored.id);
  };

  const handleRemove = async () => {
    const ok = await confirmAction({
      title: t('companies.logo.removeTitle'),
      message: t('companies.logo.removeText', { name }),
      confirmLabel: t('companies.logo.remove'),
      danger: true,
    });
    if (ok) await save(null);
  };

  const hint = !companyId
    ? t('companies.logo.afterCreate')
    : canEdit
      ? t('companies.logo.hint')
      : logo
        ? null
        : t('companies.editor.noLogo');

  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id="company-logo-label">
        {label}
      </Text>
      <Group gap="sm" wrap="nowrap" align="center">
        <CompanyAvatar name={name} logo={logo} primaryColor={primaryColor} size={56} />
        <Stack gap={6} style={{ minWidth: 0 }}>
          {hint ? (
            <Text size="sm" c="dimmed">
              {hint}
            </Text>
          ) : null}
          {companyId && canEdit ? (
            <Group gap="xs" wrap="wrap">
              <FileButton
                onChange={(f) => void handleFile(f)}
                accept={IMAGE_ACCEPT}
                resetRef={resetRef}
                disabled={busy}
                inputProps={{ 'aria-label': t(logo ? 'companies.logo.replace' : 'companies.logo.upload') }}
              >
                {(props) => (
                  <Button {...props} size="xs" variant="light" leftSection={<IconPhotoPlus size={14} />} loading={busy}>
                    {t(logo ? 'companies.logo.replace' : 'companies.logo.upload')}
                  </Button>
                )}
              </FileButton>
              {logo ? (
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={14} />}
                  disabled={busy}
                  onClick={() => void handleRemove()}
                >
                  {t('companies.logo.remove')}
                </Button>
              ) : null}
            </Group>
          ) : null}
        </Stack>
      </Group>
    </Stack>
  );
}
