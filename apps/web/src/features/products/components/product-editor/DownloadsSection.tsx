import { ActionIcon, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconGripVertical, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MoveButtons, SortableList } from '../../../../components/SortableList';
import { reorder } from '../../api';
import { rowKey } from '../../product-form';
import { SectionCard, type SectionProps } from './sections';

/** Documents (product sheets, certificates, …): a title and a link each, in an order of their own. */
export function DownloadsSection({ form }: SectionProps) {
  const { t } = useTranslation();
  const downloads = form.values.downloads;
  return (
    <SectionCard id="downloads" title={t('products.edit.section.downloads')} description={t('products.edit.downloadsIntro')}>
      <Stack gap="sm">
        {downloads.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('products.edit.noDownloads')}
          </Text>
        ) : (
          <SortableList
            items={downloads}
            getId={(d) => d.key}
            getLabel={(d) => d.title || t('products.edit.downloadUntitled')}
            onMove={(from, to) => form.setFieldValue('downloads', reorder(downloads, from, to))}
            renderItem={(d, ctx) => {
              const name = d.title || t('products.edit.downloadUntitled');
              return (
                <Paper withBorder p="xs" radius="md" shadow={ctx.isDragging ? 'md' : undefined}>
                  <Group gap="xs" align="flex-start" wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      mt={26}
                      style={{ cursor: 'grab', touchAction: 'none' }}
                      aria-label={t('common.sortable.handle', { item: name })}
                      {...ctx.handleProps}
                    >
                      <IconGripVertical size={16} />
                    </ActionIcon>
                    <SimpleGrid cols={{ base: 1, sm: 2 }} style={{ flex: 1 }} spacing="xs">
                      <TextInput
                        label={t('products.fields.downloadTitle')}
                        required
                        {...form.getInputProps(`downloads.${ctx.index}.title`)}
                      />
                      <TextInput
                        label={t('products.fields.downloadLink')}
                        required
                        placeholder="https://"
                        {...form.getInputProps(`downloads.${ctx.index}.link`)}
                      />
                    </SimpleGrid>
                    <Group gap={2} mt={26} wrap="nowrap">
                      <MoveButtons ctx={ctx} name={name} />
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        onClick={() => form.removeListItem('downloads', ctx.index)}
                        aria-label={t('products.edit.removeDownload', { name })}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Group>
                  </Group>
                </Paper>
              );
            }}
          />
        )}
        {form.errors.downloads ? (
          <Text size="sm" c="red" role="alert">
            {form.errors.downloads}
          </Text>
        ) : null}
        <Group>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => form.insertListItem('downloads', { key: rowKey(), title: '', link: '' })}
          >
            {t('products.edit.addDownload')}
          </Button>
        </Group>
      </Stack>
    </SectionCard>
  );
}
