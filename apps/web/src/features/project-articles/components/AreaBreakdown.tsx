import { areaLabel, type ProjectArticle, type ProjectArticleArea } from '@app/shared/project-articles/project-articles';
import { Modal, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { formatQuantity } from '../format';

/**
 * One item's quantities per area, in the tree order of the areas, with the total: what a project
 * manager needs to know where the material goes. Sub-areas are counted in their area. Full screen
 * on a phone.
 */
export function AreaBreakdown({
  item,
  areas,
  onClose,
}: {
  item: ProjectArticle | null;
  areas: ProjectArticleArea[];
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)');
  const byId = new Map(areas.map((a) => [a.id, a]));
  const unit = item?.unit ? ` ${item.unit}` : '';
  return (
    <Modal
      opened={!!item}
      onClose={onClose}
      title={item ? t('projectArticles.breakdown.title', { name: item.name }) : ''}
      size="lg"
      fullScreen={!!phone}
      centered
    >
      {item ? (
        <>
          <Text size="sm" c="dimmed" mb="sm">
            {t('projectArticles.subareasIncluded')}
          </Text>
          <Table striped captionSide="top">
            <Table.Caption className="visually-hidden">
              {t('projectArticles.breakdown.caption', { name: item.name })}
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('projectArticles.fields.area')}</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>{t('projectArticles.fields.quantity')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {item.perArea.map((p) => {
                const area = byId.get(p.areaId);
                return (
                  <Table.Tr key={p.areaId}>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{area ? areaLabel(area) : p.areaId}</Table.Td>
                    <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                      {formatQuantity(p.quantity, i18n.language)}
                      {unit}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th>{t('projectArticles.fields.total')}</Table.Th>
                <Table.Th style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                  {formatQuantity(item.total, i18n.language)}
                  {unit}
                </Table.Th>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </>
      ) : null}
    </Modal>
  );
}
