import { permissionGroups } from '@app/shared/platform/permissions';
import type { PermissionMatrix } from '@app/shared/users/roles';
import { Alert, Badge, Button, Checkbox, Group, Skeleton, Table, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Fragment, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { EmptyState, ErrorState } from '../../../components/States';
import { useUnsavedChanges } from '../../../components/useUnsavedChanges';
import { isApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { usePermissionMatrix, useSavePermissionMatrix } from '../api';

type Grants = Record<number, Set<string>>;

const toGrants = (m: PermissionMatrix): Grants => Object.fromEntries(m.roles.map((r) => [r.id, new Set(r.permissions)]));

const sameSet = (a: Set<string>, b: Set<string>) => a.size === b.size && [...a].every((x) => b.has(x));

/** permissions.index: roles x permissions, saved together; a stale role refuses the whole save. */
export function PermissionsPage() {
  const { t } = useTranslation();
  const matrix = usePermissionMatrix();
  const save = useSavePermissionMatrix();
  const [grants, setGrants] = useState<Grants>({});
  const [stale, setStale] = useState<string | null>(null);

  useEffect(() => {
    if (matrix.data) setGrants(toGrants(matrix.data));
  }, [matrix.data]);

  const original = useMemo(() => (matrix.data ? toGrants(matrix.data) : {}), [matrix.data]);
  const changed = (matrix.data?.roles ?? []).filter(
    (r) => grants[r.id] && original[r.id] && !sameSet(grants[r.id] as Set<string>, original[r.id] as Set<string>),
  );
  useUnsavedChanges(changed.length > 0 && !save.isPending);

  if (matrix.isLoading) return <Skeleton h={400} />;
  if (matrix.error || !matrix.data) return <ErrorState error={matrix.error} onRetry={() => void matrix.refetch()} />;
  const roles = matrix.data.roles;
  if (roles.length === 0)
    return <EmptyState title={t('users.permissions.emptyTitle')} description={t('users.permissions.emptyText')} />;

  const toggle = (roleId: number, permission: string, on: boolean) =>
    setGrants((g) => {
      const next = new Set(g[roleId]);
      if (on) next.add(permission);
      else next.delete(permission);
      return { ...g, [roleId]: next };
    });

  const handleSave = async () => {
    try {
      await save.mutateAsync({
        roles: changed.map((r) => ({ id: r.id, version: r.version, permissions: [...(grants[r.id] ?? [])] as never })),
      });
      setStale(null);
      notify.success(t('users.permissions.saved', { count: changed.length }));
    } catch (err) {
      if (isApiError(err) && err.code === 'STALE_VERSION') setStale(String(err.details?.name ?? ''));
      else notify.error(errorMessage(t, err));
    }
  };

  return (
    <>
      <PageHeader
        title={t('users.permissions.title')}
        description={t('users.permissions.intro')}
        actions={
          <>
            <Button
              variant="default"
              disabled={changed.length === 0 || save.isPending}
              onClick={() => setGrants(toGrants(matrix.data))}
            >
              {t('common.actions.reset')}
            </Button>
            <Button onClick={() => void handleSave()} loading={save.isPending} disabled={changed.length === 0}>
              {changed.length > 0 ? t('users.permissions.saveCount', { count: changed.length }) : t('common.actions.save')}
            </Button>
          </>
        }
      />
      {stale !== null ? (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title={t('common.stale.title')}
          mb="md"
          role="alert"
        >
          <Group justify="space-between">
            <Text size="sm">{t('users.permissions.staleText', { name: stale })}</Text>
            <Button
              size="xs"
              variant="light"
              color="orange"
              onClick={() => {
                setStale(null);
                void matrix.refetch();
              }}
            >
              {t('common.stale.reload')}
            </Button>
          </Group>
        </Alert>
      ) : null}
      <Table.ScrollContainer minWidth={400 + roles.length * 120}>
        <Table withTableBorder withColumnBorders stickyHeader highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('users.permissions.permission')}</Table.Th>
              {roles.map((r) => (
                <Table.Th key={r.id} ta="center" miw={110}>
                  <Text fw={600} size="sm">
                    {r.name}
                  </Text>
                  {r.is_admin ? (
                    <Badge size="xs" color="gold" variant="light">
                      {t('users.roles.admin')}
                    </Badge>
                  ) : null}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {permissionGroups.map((g) => (
              <Fragment key={g.key}>
                <Table.Tr bg="gray.1">
                  <Table.Td colSpan={roles.length + 1}>
                    <Text fw={700} size="sm">
                      {t(`users.permissionGroups.${g.key}`)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
                {g.permissions.map((p) => {
                  const label = t(`users.permissions.names.${p.replace('.', '_')}`);
                  return (
                    <Table.Tr key={p}>
                      <Table.Td>
                        <Text size="sm">{label}</Text>
                        <Text size="xs" c="dimmed" ff="monospace">
                          {p}
                        </Text>
                      </Table.Td>
                      {roles.map((r) => (
                        <Table.Td key={r.id} ta="center">
                          <Checkbox
                            styles={{ body: { justifyContent: 'center' } }}
                            checked={r.is_admin || (grants[r.id]?.has(p) ?? false)}
                            disabled={r.is_admin}
                            onChange={(e) => toggle(r.id, p, e.currentTarget.checked)}
                            aria-label={t('users.permissions.cell', { role: r.name, permission: label })}
                          />
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  );
                })}
              </Fragment>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
