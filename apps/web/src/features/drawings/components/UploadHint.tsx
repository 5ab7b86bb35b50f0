import { Group, Text } from '@mantine/core';
import { IconFileZip } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Spec section 5: the file picker advises compressing many files into one ZIP. */
export function UploadHint({ detail, id }: { detail?: string; id?: string }) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" id={id}>
      <IconFileZip size={16} style={{ flex: 'none', marginTop: 2 }} aria-hidden />
      <Text size="xs" c="dimmed">
        {t('drawings.upload.zipHint')}
        {detail ? ` ${detail}` : null}
      </Text>
    </Group>
  );
}
