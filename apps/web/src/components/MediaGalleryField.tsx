import type { Media } from '@app/shared/media/media';
import { ActionIcon, Box, Button, Card, FileButton, Group, Input, Loader, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconGripVertical, IconPhotoPlus, IconTrash } from '@tabler/icons-react';
import { type DragEvent, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_ACCEPT, useMediaUpload } from './media-upload';
import { SortableList } from './SortableList';

interface Props {
  label: string;
  description?: string;
  value: readonly Media[];
  onChange: (next: Media[]) => void;
  /** Most images the field holds. */
  max: number;
  error?: ReactNode;
  /** Something to show on an image, e.g. a badge for the impression image. */
  renderBadge?: (m: Media) => ReactNode;
  /** Extra actions per image, next to move and remove. */
  renderActions?: (m: Media) => ReactNode;
  /** Called after an image is removed from the list. */
  onRemoved?: (m: Media) => void;
  id?: string;
}

const move = <T,>(list: readonly T[], from: number, to: number): T[] => {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
};

/**
 * A list of images: upload many (pick or drop files), reorder by dragging, with the keyboard on the
 * handle, or with the arrow buttons, and remove. Changes go to `onChange`; the form saves them.
 */
export function MediaGalleryField({
  label,
  description,
  value,
  onChange,
  max,
  error,
  renderBadge,
  renderActions,
  onRemoved,
  id,
}: Props) {
  const { t } = useTranslation();
  const { upload, uploading } = useMediaUpload();
  const [dropping, setDropping] = useState(false);
  const resetRef = useRef<() => void>(null);
  const room = max - value.length;
  // An upload takes a while; add to the list as it is when the files arrive, not as it was.
  const latest = useRef(value);
  latest.current = value;

  const add = async (files: readonly File[]) => {
    resetRef.current?.();
    const stored = await upload(files, room);
    if (stored.length) onChange([...latest.current, ...stored]);
  };

  const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer?.types ?? []).includes('Files');
  const dropProps = {
    onDragOver: (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      setDropping(true);
    },
    onDragLeave: () => setDropping(false),
    onDrop: (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      setDropping(false);
      void add(Array.from(e.dataTransfer.files));
    },
  };

  return (
    <Input.Wrapper label={label} description={description} error={error} labelElement="div" id={id}>
      <Paper
        mt={6}
        p="sm"
        withBorder
        radius="md"
        style={{ borderStyle: 'dashed', borderColor: dropping ? 'var(--mantine-primary-color-filled)' : undefined }}
        bg={dropping ? 'brand.0' : undefined}
        {...dropProps}
      >
        <Stack gap="sm">
          {value.length > 0 ? (
            <SortableList
              layout="grid"
              cols={{ base: 2, xs: 3, md: 4 }}
              items={value}
              getId={(m) => m.id}
              getLabel={(m) => m.originalName}
              onMove={(from, to) => onChange(move(value, from, to))}
              renderItem={(m, ctx) => (
                <Card withBorder padding={6} radius="md" shadow={ctx.isDragging ? 'md' : undefined}>
                  <Box pos="relative">
                    <img
                      src={m.thumbUrl}
                      alt={m.originalName}
                      width={240}
                      height={180}
                      loading="lazy"
                      decoding="async"
                      style={{
                        width: '100%',
                        height: 'auto',
                        aspectRatio: '4 / 3',
                        objectFit: 'cover',
                        display: 'block',
                        borderRadius: 6,
                        background: 'var(--mantine-color-gray-1)',
                      }}
                    />
                    {renderBadge ? (
                      <Box pos="absolute" top={6} left={6}>
                        {renderBadge(m)}
                      </Box>
                    ) : null}
                  </Box>
                  <Text size="xs" c="dimmed" truncate mt={4} title={m.originalName}>
                    {ctx.index + 1}. {m.originalName}
                  </Text>
                  <Group gap={2} mt={4} wrap="nowrap" justify="space-between">
                    <Group gap={2} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        size="sm"
                        style={{ cursor: 'grab', touchAction: 'none' }}
                        aria-label={t('common.sortable.handle', { item: m.originalName })}
                        {...ctx.handleProps}
                      >
                        <IconGripVertical size={14} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        size="sm"
                        disabled={!ctx.moveUp}
                        onClick={ctx.moveUp}
                        aria-label={t('common.sortable.moveEarlier', { item: m.originalName })}
                      >
                        <IconArrowLeft size={14} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        size="sm"
                        disabled={!ctx.moveDown}
                        onClick={ctx.moveDown}
                        aria-label={t('common.sortable.moveLater', { item: m.originalName })}
                      >
                        <IconArrowRight size={14} />
                      </ActionIcon>
                    </Group>
                    <Group gap={2} wrap="nowrap">
                      {renderActions?.(m)}
                      <Tooltip label={t('common.media.remove')}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          size="sm"
                          onClick={() => {
                            onChange(value.filter((x) => x.id !== m.id));
                            onRemoved?.(m);
                          }}
                          aria-label={t('common.media.removeFor', { name: m.originalName })}
                        >
                          <IconTrash size={14} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Group>
                </Card>
              )}
            />
          ) : (
            <Text size="sm" c="dimmed" ta="center" py="sm">
              {t('common.media.empty')}
            </Text>
          )}
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text size="xs" c="dimmed">
              {t('common.media.hint', { count: value.length, max })}
            </Text>
            <Group gap="xs">
              {uploading ? <Loader size="xs" role="status" aria-label={t('common.media.uploading')} /> : null}
              <FileButton
                onChange={(files) => void add(files)}
                accept={IMAGE_ACCEPT}
                multiple
                resetRef={resetRef}
                disabled={room <= 0 || uploading}
                inputProps={{ 'aria-label': t('common.media.addTo', { field: label }) }}
              >
                {(props) => (
                  <Button
                    {...props}
                    size="xs"
                    variant="light"
                    leftSection={<IconPhotoPlus size={14} />}
                    loading={uploading}
                    disabled={room <= 0}
                  >
                    {t('common.media.add')}
                  </Button>
                )}
              </FileButton>
            </Group>
          </Group>
        </Stack>
      </Paper>
    </Input.Wrapper>
  );
}
