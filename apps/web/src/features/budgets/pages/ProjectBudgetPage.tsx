import { type BudgetInput, budgetInputSchema, type ProjectBudget } from '@app/shared/budgets/budgets';
import { HOUR_ACTIVITIES, type HourActivity } from '@app/shared/hours/hours';
import { formatMinutes } from '@app/shared/hours/schedules.rules';
import { areaLabel } from '@app/shared/project-articles/project-articles';
import { Alert, Button, Group, Modal, NumberInput, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ExportMenu } from '../../../components/ExportMenu';
import { ErrorState } from '../../../components/States';
import { type CloseGuard, useEditor, useGuardedClose } from '../../../components/use-editor';
import { ProjectHeader } from '../../projects/components/ProjectHeader';
import { budgetPath, useProjectBudget, useSaveBudget } from '../api';
import { BudgetBar } from '../components/BudgetBar';

type Amount = number | string;
interface Values {
  hours: Record<HourActivity, Amount>;
  articles: Amount;
  areas: Record<string, Amount>;
}

const given = (v: Amount): number | null => (v === '' || v === null || v === undefined ? null : Number(v));

function toValues(b: ProjectBudget): Values {
  return {
    hours: Object.fromEntries(
      b.hours.map((h) => [h.activity, h.budgetMinutes === null ? '' : Math.round((h.budgetMinutes / 60) * 100) / 100]),
    ) as Record<HourActivity, Amount>,
    articles: b.articles.budget ?? '',
    areas: Object.fromEntries(b.areas.map((a) => [String(a.areaId), a.budget ?? ''])),
  };
}

function toInput(v: Values, stamp: string): BudgetInput {
  return {
    stamp,
    hours: HOUR_ACTIVITIES.flatMap((activity) => {
      const h = given(v.hours[activity]);
      return h === null ? [] : [{ activity, minutes: Math.round(h * 60) }];
    }),
    articles: given(v.articles),
    areas: Object.entries(v.areas).flatMap(([id, amount]) => {
      const a = given(amount);
      return a === null ? [] : [{ areaId: Number(id), amount: a }];
    }),
  };
}

/** The budget form: hours per activity, euros for the project and per deck and area; empty = no budget. */
function BudgetForm({
  projectId,
  budget,
  closeGuard,
  onDone,
}: {
  projectId: number;
  budget: ProjectBudget;
  closeGuard: CloseGuard;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveBudget(projectId);
  const budgetQuery = useProjectBudget(projectId);
  const editor = useEditor<Values, ProjectBudget>({
    initialValues: toValues(budget),
    base: budget,
    closeGuard,
    validate: (values) => {
      const input = toInput(values, budget.stamp);
      const r = budgetInputSchema.safeParse(input);
      if (r.success) return {};
      const errors: Record<string, string> = {};
      for (const issue of r.error.issues) {
        const [top, index] = issue.path;
        if (top === 'articles') errors.articles = t('budgets.form.amountError');
        if (top === 'hours' && typeof index === 'number') {
          const activity = input.hours[index]?.activity;
          if (activity) errors[`hours.${activity}`] = t('budgets.form.hoursError');
        }
        if (top === 'areas' && typeof index === 'number') {
          const id = input.areas[index]?.areaId;
          if (id !== undefined) errors[`areas.${id}`] = t('budgets.form.amountError');
        }
      }
      return errors;
    },
    save: (values, base) => save.mutateAsync(toInput(values, base?.stamp ?? budget.stamp)),
    toValues,
    reload: async () => (await budgetQuery.refetch()).data,
    savedMessage: () => t('budgets.form.saved'),
    onSaved: onDone,
  });
  const euro = { decimalScale: 2, min: 0, hideControls: true, prefix: '€ ', thousandSeparator: '.', decimalSeparator: ',' };
  return (
    <form {...editor.formProps}>
      <Stack gap="md">
        {editor.banner}
        <Text size="sm" c="dimmed">
          {t('budgets.form.intro')}
        </Text>
        <Title order={3} size="h5">
          {t('budgets.hoursTitle')}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          {HOUR_ACTIVITIES.map((activity) => (
            <NumberInput
              key={activity}
              label={t(`hours.activities.${activity}`)}
              suffix={` ${t('budgets.hourUnit')}`}
              decimalScale={2}
              min={0}
              hideControls
              decimalSeparator=","
              {...editor.form.getInputProps(`hours.${activity}`)}
            />
          ))}
        </SimpleGrid>
        <Title order={3} size="h5">
          {t('budgets.articlesTitle')}
        </Title>
        <NumberInput label={t('budgets.form.projectArticles')} {...euro} {...editor.form.getInputProps('articles')} />
        {budget.areas.length ? (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            {budget.areas.map((a) => (
              <NumberInput key={a.areaId} label={areaLabel(a)} {...euro} {...editor.form.getInputProps(`areas.${a.areaId}`)} />
            ))}
          </SimpleGrid>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => editor.requestClose(onDone)}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" loading={editor.busy}>
            {t('common.actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function BudgetModal({ projectId, budget, onClose }: { projectId: number; budget: ProjectBudget; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)');
  const { close, closeGuard } = useGuardedClose(onClose);
  return (
    <Modal opened onClose={close} title={t('budgets.form.title')} size="lg" fullScreen={phone} centered>
      <BudgetForm projectId={projectId} budget={budget} closeGuard={closeGuard} onDone={onClose} />
    </Modal>
  );
}

/**
 * {projectId}/budget ('Budget'): the hours budget per activity and the articles budget of the
 * project and its decks and areas against what was booked and ordered, as bars with the share
 * spent; from 90 % a warning. Editing in a modal; an export of the same figures.
 */
export function ProjectBudgetPage() {
  const { t, i18n } = useTranslation();
  const projectId = Number(useParams().projectId);
  const budget = useProjectBudget(projectId);
  const [editing, setEditing] = useState(false);
  const eur = new Intl.NumberFormat(i18n.language === 'en' ? 'en-GB' : 'nl-NL', { style: 'currency', currency: 'EUR' });
  const hours = (m: number) => `${formatMinutes(m)} ${t('budgets.hourUnit')}`;
  const b = budget.data;
  const alerts = b
    ? [
        ...b.hours.filter((h) => h.state === 'warning' || h.state === 'over').map((h) => t(`hours.activities.${h.activity}`)),
        ...(b.articles.state === 'warning' || b.articles.state === 'over' ? [t('budgets.articlesTitle')] : []),
        ...b.areas.filter((a) => a.state === 'warning' || a.state === 'over').map((a) => areaLabel(a)),
      ]
    : [];

  return (
    <>
      <ProjectHeader projectId={projectId} />
      <Stack gap="lg">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Title order={2} size="h3">
            {t('budgets.title')}
          </Title>
          <Group gap="sm">
            <ExportMenu path={`${budgetPath(projectId)}/export`} params={{}} />
            <Button leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)} disabled={!b}>
              {t('budgets.edit')}
            </Button>
          </Group>
        </Group>
        {budget.isError ? <ErrorState error={budget.error} onRetry={() => void budget.refetch()} /> : null}
        {budget.isLoading ? (
          <Stack gap="sm" aria-busy="true" role="status" aria-label={t('budgets.loading')}>
            <Skeleton h={80} />
            <Skeleton h={160} />
          </Stack>
        ) : null}
        {b ? (
          <>
            {alerts.length ? (
              <Alert color="orange" icon={<IconAlertTriangle size={18} />} title={t('budgets.alertTitle')}>
                {t('budgets.alert', { parts: alerts.join(', ') })}
              </Alert>
            ) : null}
            <Paper withBorder p="md" component="section" aria-labelledby="budget-hours">
              <Stack gap="md">
                <Title order={3} size="h4" id="budget-hours">
                  {t('budgets.hoursTitle')}
                </Title>
                <BudgetBar
                  label={t('budgets.total')}
                  actual={b.hoursTotal.actualMinutes}
                  budget={b.hoursTotal.budgetMinutes}
                  state={b.hoursTotal.state}
                  format={hours}
                />
                {b.hours.map((h) => (
                  <BudgetBar
                    key={h.activity}
                    label={t(`hours.activities.${h.activity}`)}
                    actual={h.actualMinutes}
                    budget={h.budgetMinutes}
                    state={h.state}
                    format={hours}
                  />
                ))}
              </Stack>
            </Paper>
            <Paper withBorder p="md" component="section" aria-labelledby="budget-articles">
              <Stack gap="md">
                <Title order={3} size="h4" id="budget-articles">
                  {t('budgets.articlesTitle')}
                </Title>
                <Text size="sm" c="dimmed">
                  {t('budgets.articlesIntro')}
                </Text>
                <BudgetBar
                  label={t('budgets.wholeProject')}
                  actual={b.articles.actual}
                  budget={b.articles.budget}
                  state={b.articles.state}
                  format={(n) => eur.format(n)}
                  extra={b.articles.unpriced ? t('budgets.unpriced', { count: b.articles.unpriced }) : undefined}
                />
                {b.areas.map((a) => (
                  <div key={a.areaId} style={{ paddingInlineStart: a.kind === 'area' && a.parentId !== null ? 16 : 0 }}>
                    <BudgetBar
                      label={areaLabel(a)}
                      actual={a.actual}
                      budget={a.budget}
                      state={a.state}
                      format={(n) => eur.format(n)}
                      extra={[
                        t('budgets.areaHours', { hours: hours(a.actualMinutes) }),
                        a.unpriced ? t('budgets.unpriced', { count: a.unpriced }) : '',
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    />
                  </div>
                ))}
                {b.areas.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {t('budgets.noAreas')}
                  </Text>
                ) : null}
              </Stack>
            </Paper>
          </>
        ) : null}
      </Stack>
      {editing && b ? (
        <BudgetModal
          projectId={projectId}
          budget={b}
          onClose={() => {
            setEditing(false);
          }}
        />
      ) : null}
    </>
  );
}
