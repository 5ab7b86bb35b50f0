import type { FileInfo } from '@app/shared/files/files';
import { ActionIcon, Alert, Box, Button, Group, Loader, Modal, Paper, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import {
  IconChevronLeft,
  IconChevronRight,
  IconDownload,
  IconFileZip,
  IconMaximize,
  IconZoomIn,
  IconZoomOut,
} from '@tabler/icons-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../components/files/FilesField';
import { previewKind } from '../upload';
import type { RemotePdf } from './pdf-document';

const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const;

/**
 * Markup over the preview (VersionScreen): `layer(page)` is drawn over the page box, which is
 * exactly the page; `goTo` turns the PDF to a page (a thread chosen in the list) whenever its
 * `seq` changes; `onPage` and `onPages` say which page shows and how many there are.
 */
export interface PreviewMarkup {
  layer: (page: number) => ReactNode;
  goTo?: { page: number; seq: number } | null;
  onPage?: (page: number) => void;
  onPages?: (pages: number) => void;
}

function DownloadButton({ file, variant = 'default' }: { file: FileInfo; variant?: 'default' | 'filled' | 'light' }) {
  const { t, i18n } = useTranslation();
  return (
    <Button
      component="a"
      href={file.url}
      download={file.originalName}
      variant={variant}
      size="xs"
      leftSection={<IconDownload size={14} />}
    >
      {t('drawings.preview.download', { size: formatBytes(file.size, i18n.language) })}
    </Button>
  );
}

/**
 * A PDF drawing in the browser with pdf.js (loaded on first use), read with range requests: one
 * page at a time with previous/next and zoom; the page fills the width at 100 %.
 */
function PdfViewer({ file, label, markup }: { file: FileInfo; label: string; markup?: PreviewMarkup | undefined }) {
  const { t } = useTranslation();
  const [pdf, setPdf] = useState<RemotePdf | null>(null);
  const [failed, setFailed] = useState(false);
  const [page, setPage] = useState(1);
  const [zoom, setZoom] = useState<number>(1);
  const [drawing, setDrawing] = useState(false);
  const canvas = useRef<HTMLCanvasElement>(null);
  const { ref: box, width } = useElementSize();
  const keysId = useId();

  useEffect(() => {
    let cancelled = false;
    let opened: RemotePdf | null = null;
    setPdf(null);
    setFailed(false);
    setPage(1);
    import('./pdf-document')
      .then(({ openRemotePdf }) => openRemotePdf(file.url))
      .then((doc) => {
        if (cancelled) doc.close();
        else {
          opened = doc;
          setPdf(doc);
        }
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      opened?.close();
    };
  }, [file.url]);

  useEffect(() => {
    const el = canvas.current;
    if (!pdf || !el || width <= 0) return;
    let current = true;
    setDrawing(true);
    pdf
      .draw(page, el, Math.max(120, Math.floor(width * zoom)))
      .catch(() => {
        if (current) setFailed(true);
      })
      .finally(() => {
        if (current) setDrawing(false);
      });
    return () => {
      current = false;
    };
  }, [pdf, page, zoom, width]);

  const zoomIndex = ZOOMS.indexOf(zoom as (typeof ZOOMS)[number]);
  const pages = pdf?.pages ?? 0;

  const goTo = markup?.goTo;
  useEffect(() => {
    if (goTo && pages > 0) setPage(Math.min(Math.max(1, goTo.page), pages));
  }, [goTo, pages]);
  const onPage = markup?.onPage;
  useEffect(() => onPage?.(page), [onPage, page]);
  const onPages = markup?.onPages;
  useEffect(() => {
    if (pages > 0) onPages?.(pages);
  }, [onPages, pages]);

  if (failed) {
    return (
      <Alert color="orange" variant="light" title={t('drawings.preview.pdfFailedTitle')}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('drawings.preview.pdfFailed')}</Text>
          <DownloadButton file={file} />
        </Stack>
      </Alert>
    );
  }

  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap={4} wrap="nowrap">
          <Tooltip label={t('drawings.preview.previousPage')}>
            <ActionIcon
              variant="default"
              aria-label={t('drawings.preview.previousPage')}
              disabled={!pdf || page <= 1}
              onClick={() => setPage((p) => Math.max(1, p - 1))}
            >
              <IconChevronLeft size={16} />
            </ActionIcon>
          </Tooltip>
          <Text size="sm" miw={90} ta="center" aria-live="polite">
            {pdf ? t('drawings.preview.pageOf', { page, pages }) : t('drawings.preview.loading')}
          </Text>
          <Tooltip label={t('drawings.preview.nextPage')}>
            <ActionIcon
              variant="default"
              aria-label={t('drawings.preview.nextPage')}
              disabled={!pdf || page >= pages}
              onClick={() => setPage((p) => Math.min(pages, p + 1))}
            >
              <IconChevronRight size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
        <Group gap={4} wrap="nowrap">
          <Tooltip label={t('drawings.preview.zoomOut')}>
            <ActionIcon
              variant="default"
              aria-label={t('drawings.preview.zoomOut')}
              disabled={!pdf || zoomIndex <= 0}
              onClick={() => setZoom(ZOOMS[Math.max(0, zoomIndex - 1)] ?? 1)}
            >
              <IconZoomOut size={16} />
            </ActionIcon>
          </Tooltip>
          <UnstyledButton
            onClick={() => setZoom(1)}
            aria-label={t('drawings.preview.zoomReset', { percent: Math.round(zoom * 100) })}
            px={4}
          >
            <Text size="sm" miw={44} ta="center">
              {Math.round(zoom * 100)}%
            </Text>
          </UnstyledButton>
          <Tooltip label={t('drawings.preview.zoomIn')}>
            <ActionIcon
              variant="default"
              aria-label={t('drawings.preview.zoomIn')}
              disabled={!pdf || zoomIndex >= ZOOMS.length - 1}
              onClick={() => setZoom(ZOOMS[Math.min(ZOOMS.length - 1, zoomIndex + 1)] ?? 1)}
            >
              <IconZoomIn size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      <Box ref={box} w="100%">
        <Paper
          withBorder
          radius="sm"
          bg="gray.1"
          style={{ overflow: 'auto', maxHeight: '80vh', position: 'relative', minHeight: 160 }}
          // A scrolling region is reachable by keyboard (axe: scrollable-region-focusable).
          tabIndex={0}
          aria-label={label}
          aria-describedby={keysId}
          role="region"
          onKeyDown={(e) => {
            // The viewer's own keys while it has the focus: pages with PageUp/PageDown, zoom with + and -.
            if (!pdf) return;
            if (e.key === 'PageDown' && page < pages) setPage(page + 1);
            else if (e.key === 'PageUp' && page > 1) setPage(page - 1);
            else if ((e.key === '+' || e.key === '=') && zoomIndex < ZOOMS.length - 1) setZoom(ZOOMS[zoomIndex + 1] ?? zoom);
            else if (e.key === '-' && zoomIndex > 0) setZoom(ZOOMS[zoomIndex - 1] ?? zoom);
            else return;
            e.preventDefault();
          }}
        >
          {!pdf || drawing ? (
            <Group justify="center" p="md" style={{ position: 'absolute', inset: 0, pointerEvents: 'none' }}>
              <Loader size="sm" role="status" aria-label={t('drawings.preview.loading')} />
            </Group>
          ) : null}
          <span id={keysId} className="visually-hidden">
            {t('drawings.preview.viewer')}
          </span>
          {markup ? (
            // The page box: the canvas and the markup over it, the same size at every zoom.
            <div style={{ position: 'relative', width: 'fit-content', margin: zoom < 1 ? '0 auto' : undefined }}>
              <canvas ref={canvas} style={{ display: 'block' }} />
              {pdf ? markup.layer(page) : null}
            </div>
          ) : (
            <canvas ref={canvas} style={{ display: 'block', margin: zoom < 1 ? '0 auto' : undefined }} />
          )}
        </Paper>
      </Box>
      <Group>
        <DownloadButton file={file} />
      </Group>
    </Stack>
  );
}

/** An image drawing: as wide as there is room; a click shows it at full size. */
function ImagePreview({ file, label, markup }: { file: FileInfo; label: string; markup?: PreviewMarkup | undefined }) {
  const { t } = useTranslation();
  const [full, setFull] = useState(false);
  const onPages = markup?.onPages;
  useEffect(() => onPages?.(1), [onPages]);
  return (
    <Stack gap="xs">
      {markup ? (
        // With markup the image itself is the page (a click places); the full size is a button beside it.
        <Paper withBorder radius="sm" p={4} bg="gray.1">
          <div style={{ position: 'relative', width: 'fit-content', margin: '0 auto' }}>
            <img src={file.url} alt={label} style={{ display: 'block', maxWidth: '100%', height: 'auto' }} />
            {markup.layer(1)}
          </div>
        </Paper>
      ) : (
        <UnstyledButton onClick={() => setFull(true)} aria-label={t('drawings.preview.openFull', { name: file.originalName })}>
          <Paper withBorder radius="sm" p={4} bg="gray.1" style={{ position: 'relative' }}>
            <img src={file.url} alt={label} style={{ display: 'block', maxWidth: '100%', height: 'auto', margin: '0 auto' }} />
            <IconMaximize size={18} style={{ position: 'absolute', top: 10, right: 10, opacity: 0.7 }} aria-hidden />
          </Paper>
        </UnstyledButton>
      )}
      <Group gap="xs">
        <DownloadButton file={file} />
        {markup ? (
          <Button variant="default" size="xs" leftSection={<IconMaximize size={14} />} onClick={() => setFull(true)}>
            {t('drawings.markup.fullSize')}
          </Button>
        ) : null}
      </Group>
      <Modal opened={full} onClose={() => setFull(false)} fullScreen title={file.originalName}>
        <Box style={{ overflow: 'auto' }}>
          <img src={file.url} alt={label} style={{ display: 'block', maxWidth: 'none' }} />
        </Box>
      </Modal>
    </Stack>
  );
}

/** A version's media: an image inline, a PDF with pdf.js, anything else (a ZIP) as a download. */
export function DrawingPreview({ file, label, markup }: { file: FileInfo; label: string; markup?: PreviewMarkup }) {
  const { t } = useTranslation();
  const kind = previewKind(file);
  if (kind === 'image') return <ImagePreview file={file} label={label} markup={markup} />;
  if (kind === 'pdf') return <PdfViewer file={file} label={label} markup={markup} />;
  return (
    <Paper withBorder radius="sm" p="lg">
      <Stack align="center" gap="sm">
        <IconFileZip size={40} stroke={1.4} aria-hidden />
        <Text size="sm" fw={500} ta="center" style={{ overflowWrap: 'anywhere' }}>
          {file.originalName}
        </Text>
        <Text size="xs" c="dimmed" ta="center">
          {t('drawings.preview.noPreview')}
        </Text>
        <DownloadButton file={file} variant="filled" />
      </Stack>
    </Paper>
  );
}
