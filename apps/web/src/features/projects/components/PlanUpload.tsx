import type { Media } from '@app/shared/media/media';
import { Button, Center, FileButton, Group, Input, Loader, Modal, Pagination, Stack, Text } from '@mantine/core';
import { IconFileUpload, IconX } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_ACCEPT, useMediaUpload } from '../../../components/media-upload';
import { Thumb } from '../../../components/Thumb';
import { notify } from '../../../lib/notify';
import type { OpenedPdf } from './pdf-to-image';

/** What a floor-plan picker accepts: the raster images of every picker, and PDF (a page is rendered to an image first). */
export const PLAN_ACCEPT = `${IMAGE_ACCEPT},application/pdf`;

const isPdf = (f: File) => f.type === 'application/pdf' || /\.pdf$/i.test(f.name);

/**
 * Turns a chosen file into an uploaded floor-plan image: an image goes to POST /api/media as it
 * is; a PDF is opened in the browser (pdf.js, loaded only now), the page is chosen when there is
 * more than one, rendered to a PNG about 2000 px wide, and that is uploaded. `dialog` is the page
 * chooser: render it somewhere.
 */
export function usePlanUpload() {
  const { t } = useTranslation();
  const { upload, uploading } = useMediaUpload();
  const [reading, setReading] = useState(false);
  const [choosing, setChoosing] = useState<{ pdf: OpenedPdf; resolve: (page: number | null) => void } | null>(null);

  const pickPage = (pdf: OpenedPdf) =>
    new Promise<number | null>((resolve) => {
      if (pdf.pages <= 1) resolve(1);
      else setChoosing({ pdf, resolve });
    });

  const fromFile = async (file: File | null): Promise<Media | null> => {
    if (!file) return null;
    if (!isPdf(file)) return (await upload([file], 1))[0] ?? null;
    setReading(true);
    let pdf: OpenedPdf | null = null;
    try {
      const { openPdf } = await import('./pdf-to-image');
      pdf = await openPdf(file);
      const page = await pickPage(pdf);
      if (page === null) return null;
      const image = await pdf.render(page);
      setReading(false);
      return (await upload([image], 1))[0] ?? null;
    } catch (err) {
      console.warn('PDF floor plan could not be read', err);
      notify.error(t('areas.plan.pdfFailed', { name: file.name }));
      return null;
    } finally {
      pdf?.close();
      setReading(false);
    }
  };

  const finish = (page: number | null) => {
    choosing?.resolve(page);
    setChoosing(null);
  };

  const dialog = (
    <Modal opened={!!choosing} onClose={() => finish(null)} title={t('areas.plan.choosePage')} centered>
      {choosing ? <PageChooser pdf={choosing.pdf} onChoose={finish} /> : null}
    </Modal>
  );

  return { fromFile, busy: reading || uploading, reading, dialog };
}

function PageChooser({ pdf, onChoose }: { pdf: OpenedPdf; onChoose: (page: number | null) => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    let url: string | null = null;
    let live = true;
    setPreview(null);
    void pdf.preview(page).then((u) => {
      url = u;
      if (live) setPreview(u);
      else URL.revokeObjectURL(u);
    });
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [pdf, page]);
  return (
    <Stack>
      <Text size="sm">{t('areas.plan.choosePageText', { count: pdf.pages })}</Text>
      <Center mih={200} bg="gray.1" style={{ borderRadius: 8 }}>
        {preview ? (
          <img
            src={preview}
            alt={t('areas.plan.pagePreview', { page })}
            style={{ maxWidth: '100%', maxHeight: 320, display: 'block' }}
          />
        ) : (
          <Loader size="sm" role="status" aria-label={t('common.states.loading')} />
        )}
      </Center>
      <Pagination
        total={pdf.pages}
        value={page}
        onChange={setPage}
        siblings={0}
        size="sm"
        getControlProps={(control) => ({ 'aria-label': t(`common.table.${control}`) })}
        getItemProps={(p) => ({ 'aria-label': t('areas.plan.pageNumber', { page: p }) })}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={() => onChoose(null)}>
          {t('common.actions.cancel')}
        </Button>
        <Button onClick={() => onChoose(page)}>{t('areas.plan.usePage', { page })}</Button>
      </Group>
    </Stack>
  );
}

interface ButtonProps {
  label: string;
  onUploaded: (media: Media) => void;
  variant?: string;
  size?: string;
  leftSection?: ReactNode;
}

/** A button that picks an image or a PDF and uploads it as a floor plan. */
export function PlanUploadButton({ label, onUploaded, variant = 'light', size, leftSection }: ButtonProps) {
  const { t } = useTranslation();
  const { fromFile, busy, dialog } = usePlanUpload();
  const resetRef = useRef<() => void>(null);
  return (
    <>
      <FileButton
        accept={PLAN_ACCEPT}
        resetRef={resetRef}
        disabled={busy}
        onChange={(file) => {
          resetRef.current?.();
          void fromFile(file).then((m) => m && onUploaded(m));
        }}
        inputProps={{ 'aria-label': label }}
      >
        {(props) => (
          <Button
            {...props}
            variant={variant}
            size={size}
            loading={busy}
            leftSection={leftSection ?? <IconFileUpload size={16} />}
            aria-label={busy ? t('areas.plan.uploading') : undefined}
          >
            {label}
          </Button>
        )}
      </FileButton>
      {dialog}
    </>
  );
}

interface FieldProps {
  label: string;
  description?: string;
  value: Media | null;
  onChange: (next: Media | null) => void;
  error?: ReactNode;
}

/** A form field for a floor plan: the current one, upload a new one (image or PDF page), or clear it. */
export function PlanPickerField({ label, description, value, onChange, error }: FieldProps) {
  const { t } = useTranslation();
  return (
    <Input.Wrapper label={label} description={description} error={error} labelElement="div">
      <Group mt={6} gap="md" align="center" wrap="wrap">
        <Thumb src={value?.thumbUrl} alt={value?.originalName ?? ''} width={120} height={90} />
        <Stack gap={6} style={{ flex: '1 1 10rem', minWidth: 0 }}>
          <Text size="xs" c="dimmed" truncate title={value?.originalName}>
            {value ? value.originalName : t('areas.plan.none')}
          </Text>
          <Group gap="xs" wrap="wrap">
            <PlanUploadButton label={value ? t('areas.plan.replace') : t('areas.plan.upload')} onUploaded={onChange} size="xs" />
            {value ? (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                leftSection={<IconX size={14} />}
                onClick={() => onChange(null)}
                aria-label={t('common.media.clearFor', { field: label })}
              >
                {t('common.media.clear')}
              </Button>
            ) : null}
          </Group>
          <Text size="xs" c="dimmed">
            {t('areas.plan.formats')}
          </Text>
        </Stack>
      </Group>
    </Input.Wrapper>
  );
}
