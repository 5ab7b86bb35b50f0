import type { Media } from '@app/shared/media/media';
import { Button, FileButton, Group, Input, Popover, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconPhotoPlus, IconPhotoSearch, IconX } from '@tabler/icons-react';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_ACCEPT, useMediaUpload } from './media-upload';
import { Thumb } from './Thumb';

interface Props {
  label: string;
  description?: string;
  value: Media | null;
  onChange: (next: Media | null) => void;
  /** Images already in the form (e.g. the gallery) to choose from instead of uploading. */
  choices?: readonly Media[];
  error?: ReactNode;
  id?: string;
}

// A button keeps its whole label: the row wraps instead of squeezing it.
const noShrink = { flexShrink: 0 } as const;

/** One image: upload a new one, choose one from the gallery, or clear it. */
export function ImagePickerField({ label, description, value, onChange, choices = [], error, id }: Props) {
  const { t } = useTranslation();
  const { upload, uploading } = useMediaUpload();
  const [choosing, setChoosing] = useState(false);
  const resetRef = useRef<() => void>(null);

  const handleFile = async (file: File | null) => {
    resetRef.current?.();
    if (!file) return;
    const [stored] = await upload([file], 1);
    if (stored) onChange(stored);
  };

  return (
    <Input.Wrapper label={label} description={description} error={error} labelElement="div" id={id}>
      {/* The buttons go under the thumbnail when there is no room beside it, and under each other
          when there is no room for both: a label is never cut off (e.g. 'Kies uit galerij'). */}
      <Group mt={6} gap="md" align="center" wrap="wrap">
        <Thumb src={value?.thumbUrl} alt={value?.originalName ?? ''} width={120} height={90} />
        <Stack gap={6} style={{ flex: '1 1 10rem', minWidth: 0 }}>
          {value ? (
            <Text size="xs" c="dimmed" truncate title={value.originalName}>
              {value.originalName}
            </Text>
          ) : (
            <Text size="xs" c="dimmed">
              {t('common.media.none')}
            </Text>
          )}
          <Group gap="xs" wrap="wrap">
            <FileButton
              onChange={(f) => void handleFile(f)}
              accept={IMAGE_ACCEPT}
              resetRef={resetRef}
              disabled={uploading}
              inputProps={{ 'aria-label': t('common.media.uploadFor', { field: label }) }}
            >
              {(props) => (
                <Button
                  {...props}
                  size="xs"
                  variant="light"
                  leftSection={<IconPhotoPlus size={14} />}
                  loading={uploading}
                  style={noShrink}
                >
                  {t('common.media.upload')}
                </Button>
              )}
            </FileButton>
            <Popover opened={choosing} onChange={setChoosing} width={320} position="bottom-start" withArrow trapFocus>
              <Popover.Target>
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconPhotoSearch size={14} />}
                  disabled={choices.length === 0}
                  style={noShrink}
                  onClick={() => setChoosing((o) => !o)}
                  aria-label={t('common.media.chooseFor', { field: label })}
                >
                  {t('common.media.choose')}
                </Button>
              </Popover.Target>
              <Popover.Dropdown>
                <SimpleGrid cols={3} spacing={6}>
                  {choices.map((m) => (
                    <UnstyledButton
                      key={m.id}
                      onClick={() => {
                        onChange(m);
                        setChoosing(false);
                      }}
                      aria-label={t('common.media.pick', { name: m.originalName })}
                      aria-pressed={value?.id === m.id}
                      style={{
                        borderRadius: 8,
                        outline: value?.id === m.id ? '2px solid var(--mantine-primary-color-filled)' : undefined,
                      }}
                    >
                      <Thumb src={m.thumbUrl} alt="" width={90} height={68} />
                    </UnstyledButton>
                  ))}
                </SimpleGrid>
              </Popover.Dropdown>
            </Popover>
            {value ? (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                leftSection={<IconX size={14} />}
                style={noShrink}
                onClick={() => onChange(null)}
                aria-label={t('common.media.clearFor', { field: label })}
              >
                {t('common.media.clear')}
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Group>
    </Input.Wrapper>
  );
}
