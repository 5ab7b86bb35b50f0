import { Button, SimpleGrid } from '@mantine/core';
import { IconBed, IconClock, IconReceipt } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { useDeclarationOptions } from '../../declarations/api';
import { useHourProjects } from '../../hours/api';
import { MyPlannerCard } from '../../planner/components/MyPlannerCard';
import { FieldFormModal, type FieldFormTarget } from '../components/FieldForms';
import { OutboxList } from '../components/OutboxList';
import { useOutboxEntries } from '../runtime';

/**
 * "Onderweg": the fitter's screen on a phone, which works without a connection (issue 28): the
 * planning of this week and the next, booking hours, an overnight stay and a declaration with a
 * photo, and what still waits to be sent.
 */
export function FieldPage() {
  const { t } = useTranslation();
  const entries = useOutboxEntries();
  const [target, setTarget] = useState<FieldFormTarget>(null);
  // What the forms offer, asked now: online, the service worker keeps the answers for a day offline.
  useHourProjects('');
  useDeclarationOptions('categories');
  useDeclarationOptions('payment-types');
  return (
    <>
      <PageHeader title={t('field.title')} description={t('field.description')} />
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" mb="lg">
        <Button size="lg" leftSection={<IconClock size={20} />} onClick={() => setTarget({ kind: 'hours' })}>
          {t('field.actions.hours')}
        </Button>
        <Button size="lg" variant="light" leftSection={<IconBed size={20} />} onClick={() => setTarget({ kind: 'overnight' })}>
          {t('field.actions.overnight')}
        </Button>
        <Button
          size="lg"
          variant="light"
          leftSection={<IconReceipt size={20} />}
          onClick={() => setTarget({ kind: 'declaration' })}
        >
          {t('field.actions.declaration')}
        </Button>
      </SimpleGrid>
      <OutboxList entries={entries} onCorrect={(entry) => setTarget({ kind: entry.kind, entry })} />
      <MyPlannerCard />
      <FieldFormModal target={target} onClose={() => setTarget(null)} />
    </>
  );
}
