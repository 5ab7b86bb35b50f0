import { projectBulkPath } from '@app/shared/projects/bulk';
import type { ProjectTab } from '@app/shared/projects/projects.rules';
import { IconArchive, IconRestore } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type BulkActionItem, BulkBar, type BulkListProps } from '../../../components/bulk/BulkBar';
import { projectKeys } from '../api';

interface Props extends BulkListProps {
  tab: ProjectTab;
}

/**
 * The projects list's bulk actions: archive on the active tab (asked first), restore on the
 * archived and deleted tabs. The server runs each row through the single archive or restore.
 */
export function ProjectsBulkBar({ selection, tab, pageIds, total, query }: Props) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const actions: BulkActionItem[] =
    tab === 'active'
      ? [
          {
            key: 'archive',
            label: t('projects.bulk.archive'),
            path: projectBulkPath('archive'),
            icon: <IconArchive size={16} aria-hidden />,
            confirm: {
              title: t('projects.bulk.archiveTitle'),
              message: (count) => t('projects.bulk.archiveQuestion', { count }),
              confirmLabel: t('projects.bulk.archive'),
            },
          },
        ]
      : [
          {
            key: 'restore',
            label: t('projects.bulk.restore'),
            path: projectBulkPath('restore'),
            icon: <IconRestore size={16} aria-hidden />,
          },
        ];
  return (
    <BulkBar
      selection={selection}
      total={total}
      pageIds={pageIds}
      query={query}
      actions={actions}
      onDone={() => {
        void qc.invalidateQueries({ queryKey: projectKeys.all });
        void qc.invalidateQueries({ queryKey: ['tickets'] });
      }}
    />
  );
}
