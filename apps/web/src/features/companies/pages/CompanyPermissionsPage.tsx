import type { AccessArea, CompanyProjectAccess, CompanyProjectAccessDetail } from '@app/shared/companies/company-permissions';
import { Badge, Box, Button, Card, Checkbox, Group, Radio, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBuildingCommunity, IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { StaleBanner } from '../../../components/StaleBanner';
import { EmptyState, ErrorState } from '../../../components/States';
import { useUnsavedChanges } from '../../../components/useUnsavedChanges';
import { isApiError } from '../../../lib/api';
import { notify } from '../../../lib/notify';
import { areaTitle } from '../../projects/area-label';
import { CompanyShell } from '../components/CompanyHeader';
import { useCompanyPermissions, useCompanyProjectAccess, useSaveCompanyProjectAccess } from '../permissions-api';

/** One toast for every failure of this screen, as the specification says ('Er is iets misgegaan'). */
const FAILED_TOAST = 'company-permissions-failed';

function useFailureToast(error: unknown) {
  const { t } = useTranslation();
  useEffect(() => {
    if (error) notify.error(t('companies.permissions.failed'), { id: FAILED_TOAST });
  }, [error, t]);
}

/** A row of the tree: the area, how deep it lies, and the nearest ancestor that is selected (it then covers this one). */
interface TreeRow {
  area: AccessArea;
  depth: number;
  ancestors: number[];
}

/** The areas (in tree order, each after its parent) with their depth and ancestors. */
export function treeRows(areas: readonly AccessArea[]): TreeRow[] {
  const byId = new Map<number, TreeRow>();
  return areas.map((area) => {
    const parent = area.parentId === null ? undefined : byId.get(area.parentId);
    const row: TreeRow = {
      area,
      depth: parent ? parent.depth + 1 : 0,
      ancestors: parent ? [...parent.ancestors, parent.area.id] : [],
    };
    byId.set(area.id, row);
    return row;
  });
}

/** The nearest selected ancestor of a row: it covers the row. */
const coveringAncestor = (row: TreeRow, selected: ReadonlySet<number>): number | undefined =>
  [...row.ancestors].reverse().find((id) => selected.has(id));

/** What is sent: the selected ids that no selected ancestor already covers, in tree order. */
export function effectiveSelection(rows: readonly TreeRow[], selected: ReadonlySet<number>): number[] {
  return rows.filter((r) => selected.has(r.area.id) && coveringAncestor(r, selected) === undefined).map((r) => r.area.id);
}

type Mode = 'all' | 'selected';

/**
 * One project's access: all areas, or only the selected decks, areas and sub-areas (a selected
 * deck or area covers everything below it, shown checked and disabled). Saves with the version it
 * is based on; someone else's save first shows the stale banner.
 */
function AccessEditor({ companyId, access }: { companyId: number; access: CompanyProjectAccess }) {
  const detail = useCompanyProjectAccess(companyId, access.projectId);
  useFailureToast(detail.error);

  if (detail.isLoading) {
    return (
      <Stack gap="sm" aria-busy="true">
        <Skeleton h={24} w={260} />
        <Skeleton h={24} w={300} />
        <Skeleton h={160} />
      </Stack>
    );
  }
  if (!detail.data) return <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />;
  return (
    <AccessForm
      key={`${detail.data.projectId}:${detail.data.version}`}
      companyId={companyId}
      initial={detail.data}
      reload={async () => (await detail.refetch()).data}
    />
  );
}

function AccessForm({
  companyId,
  initial,
  reload,
}: {
  companyId: number;
  initial: CompanyProjectAccessDetail;
  reload: () => Promise<CompanyProjectAccessDetail | undefined>;
}) {
  const { t } = useTranslation();
  const save = useSaveCompanyProjectAccess(companyId, initial.projectId);
  const rows = useMemo(() => treeRows(initial.areas), [initial.areas]);
  const names = useMemo(() => new Map(initial.areas.map((a) => [a.id, areaTitle(a)])), [initial.areas]);
  const [base, setBase] = useState(initial);
  const [mode, setMode] = useState<Mode>(initial.allAreas ? 'all' : 'selected');
  const [selected, setSelected] = useState<Set<number>>(() => new Set(initial.areaIds));
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const errorId = useId();
  const groupLabelId = useId();

  const ids = effectiveSelection(rows, selected);
  const baseIds = effectiveSelection(rows, new Set(base.areaIds));
  const dirty =
    (mode === 'all') !== base.allAreas ||
    (mode === 'selected' && (ids.length !== baseIds.length || ids.some((id, i) => id !== baseIds[i])));
  useUnsavedChanges(dirty);

  const toggle = (id: number, on: boolean) => {
    setFieldError(null);
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  };

  const handleSave = async () => {
    const allAreas = mode === 'all';
    if (!allAreas && ids.length === 0) {
      setFieldError(t('companies.permissions.tooFew'));
      return;
    }
    setFieldError(null);
    try {
      const saved = await save.mutateAsync({ allAreas, areaIds: allAreas ? [] : ids, version: base.version });
      setBase(saved);
      setStale(false);
      setMode(saved.allAreas ? 'all' : 'selected');
      setSelected(new Set(saved.areaIds));
      notify.dismiss(FAILED_TOAST);
      notify.success(t('companies.permissions.saved', { project: saved.projectName }));
    } catch (err) {
      if (isApiError(err) && err.code === 'STALE_VERSION') setStale(true);
      if (isApiError(err) && err.fieldErrors?.areaIds?.code === 'too_few') setFieldError(t('companies.permissions.tooFew'));
      notify.error(t('companies.permissions.failed'), { id: FAILED_TOAST });
    }
  };

  const handleReload = async () => {
    const fresh = await reload();
    if (!fresh) return;
    setBase(fresh);
    setStale(false);
    setMode(fresh.allAreas ? 'all' : 'selected');
    setSelected(new Set(fresh.areaIds));
  };

  const reset = () => {
    setMode(base.allAreas ? 'all' : 'selected');
    setSelected(new Set(base.areaIds));
    setFieldError(null);
  };

  return (
    <Stack gap="md">
      {stale ? <StaleBanner onReload={handleReload} /> : null}
      <Radio.Group
        label={t('companies.permissions.modeLabel')}
        value={mode}
        onChange={(v) => {
          setMode(v === 'all' ? 'all' : 'selected');
          setFieldError(null);
        }}
      >
        <Stack gap="xs" mt={6}>
          <Radio value="all" label={t('companies.permissions.all')} description={t('companies.permissions.allHint')} />
          <Radio
            value="selected"
            label={t('companies.permissions.onlySelected')}
            description={t('companies.permissions.onlySelectedHint')}
          />
        </Stack>
      </Radio.Group>
      {mode === 'selected' ? (
        rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('companies.permissions.noAreas')}
          </Text>
        ) : (
          <Box
            role="group"
            aria-labelledby={groupLabelId}
            aria-describedby={fieldError ? errorId : undefined}
            aria-invalid={fieldError ? true : undefined}
          >
            <Group justify="space-between" mb="xs" gap="xs">
              <Text id={groupLabelId} size="sm" fw={500}>
                {t('companies.permissions.areasLabel')}
              </Text>
              <Text size="sm" c="dimmed" aria-live="polite">
                {t('companies.permissions.selectedCount', { count: ids.length })}
              </Text>
            </Group>
            {fieldError ? (
              <Text id={errorId} size="sm" c="red.8" mb="xs" role="alert">
                {fieldError}
              </Text>
            ) : null}
            <Stack
              gap={4}
              p="sm"
              style={{
                border: `1px solid ${fieldError ? 'var(--mantine-color-red-7)' : 'var(--mantine-color-gray-3)'}`,
                borderRadius: 'var(--mantine-radius-sm)',
              }}
            >
              {rows.map((row) => {
                const cover = coveringAncestor(row, selected);
                const coverName = cover === undefined ? undefined : names.get(cover);
                return (
                  <Box key={row.area.id} pl={{ base: row.depth * 16, sm: row.depth * 28 }}>
                    <Checkbox
                      label={
                        <Group gap={6} component="span" wrap="wrap">
                          <Text component="span" size="sm" fw={row.area.kind === 'deck' ? 600 : undefined}>
                            {areaTitle(row.area)}
                          </Text>
                          {row.area.kind === 'deck' ? null : (
                            <Text component="span" size="xs" c="dimmed">
                              {t(`companies.permissions.kind.${row.area.kind}`)}
                            </Text>
                          )}
                        </Group>
                      }
                      description={coverName ? t('companies.permissions.coveredBy', { name: coverName }) : undefined}
                      checked={cover !== undefined || selected.has(row.area.id)}
                      disabled={cover !== undefined}
                      onChange={(e) => toggle(row.area.id, e.currentTarget.checked)}
                    />
                  </Box>
                );
              })}
            </Stack>
          </Box>
        )
      ) : null}
      <Group justify="flex-end" gap="sm">
        {dirty ? (
          <Button variant="default" onClick={reset} disabled={save.isPending}>
            {t('common.actions.reset')}
          </Button>
        ) : null}
        <Button onClick={() => void handleSave()} loading={save.isPending} disabled={!dirty && !stale}>
          {t('common.actions.save')}
        </Button>
      </Group>
    </Stack>
  );
}

/** 'Alle ruimtes' or 'Geselecteerde ruimtes (3)'. */
function AccessSummary({ access }: { access: CompanyProjectAccess }) {
  const { t } = useTranslation();
  return access.allAreas ? (
    <Badge variant="light" color="teal">
      {t('companies.permissions.all')}
    </Badge>
  ) : (
    <Badge variant="light" color="blue">
      {t('companies.permissions.selected', { count: access.areaIds.length })}
    </Badge>
  );
}

/**
 * company.permissions ('Permissies'): per project the company is attached to, whether it sees all
 * areas or only the selected ones; one project opens at a time (kept in the URL as ?project=).
 * Every failure says 'Er is iets misgegaan', as the specification asks.
 */
export function CompanyPermissionsPage() {
  const companyId = Number(useParams().companyId);
  return (
    <CompanyShell companyId={companyId}>
      <PermissionsList companyId={companyId} />
    </CompanyShell>
  );
}

function PermissionsList({ companyId }: { companyId: number }) {
  const { t } = useTranslation();
  const list = useCompanyPermissions(companyId);
  useFailureToast(list.error);
  const [params, setParams] = useSearchParams();
  const open = Number(params.get('project')) || null;
  const setOpen = (projectId: number | null) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev);
        if (projectId === null) p.delete('project');
        else p.set('project', String(projectId));
        return p;
      },
      { replace: true },
    );

  if (list.isLoading) {
    return (
      <Stack gap="sm" aria-busy="true">
        <Skeleton h={72} />
        <Skeleton h={72} />
      </Stack>
    );
  }
  if (!list.data) return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  if (list.data.length === 0) {
    return (
      <EmptyState
        icon={<IconBuildingCommunity size={32} stroke={1.5} />}
        title={t('companies.permissions.emptyTitle')}
        description={t('companies.permissions.emptyText')}
        action={
          <Button component={Link} to="/projects" variant="light">
            {t('companies.permissions.toProjects')}
          </Button>
        }
      />
    );
  }

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('companies.permissions.intro')}
      </Text>
      {list.data.map((access) => {
        const isOpen = open === access.projectId;
        const panelId = `company-access-${access.projectId}`;
        return (
          <Card key={access.projectId} withBorder padding="lg" component="section" aria-labelledby={`${panelId}-title`}>
            <Stack gap="md">
              <Group justify="space-between" align="center" gap="sm" wrap="wrap">
                <Stack gap={6} style={{ minWidth: 0, flex: '1 1 14rem' }}>
                  <Group gap="xs" wrap="wrap">
                    <Title order={2} fz="lg" id={`${panelId}-title`} style={{ overflowWrap: 'anywhere' }}>
                      {access.projectName}
                    </Title>
                    {access.projectStatus === 'inactive' ? (
                      <Badge variant="light" color="gray">
                        {t('companies.permissions.inactive')}
                      </Badge>
                    ) : null}
                  </Group>
                  <Group gap="xs">
                    <AccessSummary access={access} />
                  </Group>
                </Stack>
                <Button
                  variant={isOpen ? 'subtle' : 'light'}
                  rightSection={isOpen ? <IconChevronUp size={16} /> : <IconChevronDown size={16} />}
                  aria-expanded={isOpen}
                  aria-controls={isOpen ? panelId : undefined}
                  aria-label={t(isOpen ? 'companies.permissions.closeFor' : 'companies.permissions.editFor', {
                    project: access.projectName,
                  })}
                  onClick={() => setOpen(isOpen ? null : access.projectId)}
                >
                  {isOpen ? t('common.actions.close') : t('companies.permissions.edit')}
                </Button>
              </Group>
              {isOpen ? (
                <Box id={panelId}>
                  <AccessEditor companyId={companyId} access={access} />
                </Box>
              ) : null}
            </Stack>
          </Card>
        );
      })}
    </Stack>
  );
}
