import type { ArchiveKind, ProductFileKind } from '@app/shared/portal/portal-products';
import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { IconDownload, IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAttempt } from '../../../../lib/attempt';
import { notify } from '../../../../lib/notify';
import { downloadTearsheet } from '../../products-api';

/** Only a web address or a path of this site opens (a download link is typed by staff). */
const isSafeLink = (url: string) => /^https?:\/\//i.test(url) || (url.startsWith('/') && !url.startsWith('//'));

/** What the button needs of a product's file or an archive row. */
interface DownloadableFile {
  kind: ProductFileKind | ArchiveKind;
  fileName: string;
  url: string;
}

/**
 * Fetches a stored file (a tearsheet through the portal's route, an order's or a drawing's file,
 * with the Acting-As header when acting) or opens a download link in a new tab. `compact`: an icon
 * button with the label as its name (a table row).
 */
export function FileDownloadButton({ file, compact = false }: { file: DownloadableFile; compact?: boolean }) {
  const { t } = useTranslation();
  const attempt = useAttempt();
  const [busy, setBusy] = useState(false);
  const label = t('portalProducts.files.downloadFile', { name: file.fileName });

  if (file.kind === 'download') {
    if (!isSafeLink(file.url)) return null;
    const text = t('portalProducts.files.open');
    const external = { component: 'a' as const, href: file.url, target: '_blank', rel: 'noopener noreferrer' };
    return compact ? (
      <Tooltip label={text}>
        <ActionIcon
          {...external}
          variant="light"
          size="lg"
          aria-label={t('portalProducts.files.openFile', { name: file.fileName })}
        >
          <IconExternalLink size={18} />
        </ActionIcon>
      </Tooltip>
    ) : (
      <Button
        {...external}
        variant="light"
        size="xs"
        leftSection={<IconExternalLink size={14} />}
        aria-label={t('portalProducts.files.openFile', { name: file.fileName })}
      >
        {text}
      </Button>
    );
  }

  const handleDownload = async () => {
    setBusy(true);
    await attempt(async () => {
      const name = await downloadTearsheet(file);
      notify.success(t('portalProducts.files.downloaded', { name }));
    });
    setBusy(false);
  };
  return compact ? (
    <Tooltip label={t('portalProducts.files.download')}>
      <ActionIcon variant="light" size="lg" loading={busy} onClick={() => void handleDownload()} aria-label={label}>
        <IconDownload size={18} />
      </ActionIcon>
    </Tooltip>
  ) : (
    <Button
      variant="light"
      size="xs"
      style={{ flexShrink: 0 }}
      loading={busy}
      leftSection={<IconDownload size={14} />}
      onClick={() => void handleDownload()}
      aria-label={label}
    >
      {t('portalProducts.files.download')}
    </Button>
  );
}
