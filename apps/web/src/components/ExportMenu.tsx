import { ActionIcon, Button, Menu } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDownload, IconFileSpreadsheet, IconFileTypeCsv } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, buildUrl, currentActingAsHeader } from '../lib/api';
import { errorMessage } from '../lib/errors';
import { notify } from '../lib/notify';

export type ExportParams = Record<string, string | string[] | number | undefined>;
type Format = 'csv' | 'xlsx';

/** The file name the server gave (`filename*=UTF-8''…` first), or null. */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = disposition.match(/filename\*=UTF-8''([^;]+)/i);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      // fall through to the plain name
    }
  }
  return disposition.match(/filename="([^"]*)"/i)?.[1] ?? null;
}

/** Downloads `<path>?<params>&format=…` as the API client asks (cookies, Acting-As) and saves it with the server's name. */
export async function downloadExport(path: string, params: ExportParams, format: Format): Promise<void> {
  const query = { ...params, page: undefined, perPage: undefined, format };
  const headers: Record<string, string> = { Accept: '*/*', 'X-Requested-With': 'XMLHttpRequest' };
  const acting = currentActingAsHeader();
  if (acting) headers['Acting-As'] = acting;
  let res: Response;
  try {
    res = await fetch(buildUrl(path, query), { headers, credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, null, 'NETWORK');
  }
  if (!res.ok) {
    const body = await res.json().catch(() => null);
    throw new ApiError(res.status, body);
  }
  let blob: Blob;
  try {
    blob = await res.blob();
  } catch {
    // The stream broke off halfway: no half file.
    throw new ApiError(0, null, 'NETWORK');
  }
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileNameOf(res.headers.get('content-disposition')) ?? `export.${format}`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * "Exporteren": the list as it is filtered and sorted, as CSV or Excel. `params` are the
 * list's query as the page sends it to the list endpoint (page and perPage are left out); `path` is
 * the list's export route. On a phone the button is an icon with the same name.
 */
export function ExportMenu({ path, params }: { path: string; params: ExportParams }) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)');
  const [busy, setBusy] = useState<Format | null>(null);

  const run = async (format: Format) => {
    setBusy(format);
    try {
      await downloadExport(path, params, format);
    } catch (err) {
      notify.error(`${t('exportMenu.failed')} ${errorMessage(t, err)}`, { id: 'list-export' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        {phone ? (
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={t('exportMenu.button')}
            loading={busy !== null}
            data-testid="export-menu"
          >
            <IconDownload size={18} />
          </ActionIcon>
        ) : (
          <Button variant="default" leftSection={<IconDownload size={16} />} loading={busy !== null} data-testid="export-menu">
            {t('exportMenu.button')}
          </Button>
        )}
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('exportMenu.label')}</Menu.Label>
        <Menu.Item leftSection={<IconFileSpreadsheet size={16} />} onClick={() => void run('xlsx')} disabled={busy !== null}>
          {t('exportMenu.xlsx')}
        </Menu.Item>
        <Menu.Item leftSection={<IconFileTypeCsv size={16} />} onClick={() => void run('csv')} disabled={busy !== null}>
          {t('exportMenu.csv')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
