import type { EmployeeDocument } from '@app/shared/hr-documents/documents';
import { Group, Stack, Text } from '@mantine/core';
import { IconFileCertificate } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { Column } from '../../../components/DataTable';
import { formatDate } from '../../../lib/dates';
import { useDeleteDocument, useDocuments } from '../api';
import { DocumentModal } from '../components/DocumentModal';
import { ExpiryBadge } from '../components/ExpiryBadge';
import { HrFileLink, HrRecordsPage } from '../components/HrRecordsPage';

/**
 * users.documents ('Documenten'): a person's ID, driving licence, VCA and other certificates, each
 * with its expiry status and file. HR (documents.manage) adds, changes and removes them; the person
 * themselves reads them.
 */
export function DocumentsPage() {
  const { t } = useTranslation();
  const userId = Number(useParams().userId);
  const columns: Column<EmployeeDocument>[] = [
    {
      key: 'name',
      header: t('hrDocuments.fields.title'),
      render: (d) => (
        <Stack gap={0}>
          <Text fw={500} size="sm">
            {d.title}
          </Text>
          <Text size="xs" c="dimmed">
            {t(`hrDocuments.types.${d.type}`)}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'expiresOn',
      header: t('hrDocuments.fields.expiresOn'),
      render: (d) => (
        <Group gap={6} wrap="wrap">
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {d.expiresOn ? formatDate(d.expiresOn) : t('hrDocuments.documents.noExpiry')}
          </Text>
          {d.status === 'none' ? null : <ExpiryBadge status={d.status} />}
        </Group>
      ),
    },
    { key: 'file', header: t('hrDocuments.fields.file'), render: (d) => <HrFileLink file={d.file} /> },
  ];
  return (
    <HrRecordsPage
      kind="documents"
      userId={userId}
      list={useDocuments(userId)}
      remove={useDeleteDocument(userId)}
      naming={(d) => ({ title: d.title })}
      columns={columns}
      emptyIcon={<IconFileCertificate size={32} stroke={1.5} />}
      exportPath={`/api/users/${userId}/documents/export`}
      Modal={DocumentModal}
    />
  );
}
