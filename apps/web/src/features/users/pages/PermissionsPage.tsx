import { type Permission, permissionGroups } from '@app/shared/platform/permissions';
import type { PermissionMatrix } from '@app/shared/users/roles';
import { Badge, Box, Button, Checkbox, Skeleton, Table, Text } from '@mantine/core';
import { Fragment, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader';
import { EmptyState, ErrorState } from '../../../components/States';
import { useEditor } from '../../../components/use-editor';
import { usePermissionMatrix, useSavePermissionMatrix } from '../api';

/** The form's values: each role's granted permissions (sorted, so undoing a tick makes it clean again). */
type Values = { grants: Record<string, string[]> };

const toValues = (m: PermissionMatrix): Values => ({
  grants: Object.fromEntries(m.roles.map((r) => [String(r.id), [...r.permissions].sort()])),
});

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** The roles whose grants differ from the copy the edit is based on. */
const changedRoles = (values: Values, base: PermissionMatrix) =>
  base.roles.filter((r) => !sameList(values.grants[String(r.id)] ?? [], [...r.permissions].sort()));

/** permissions.index: roles x permissions, saved together; a stale role refuses the whole save. */
export function PermissionsPage() {
  const matrix = usePermissionMatrix();
  if (matrix.isLoading) return <Skeleton h={400} />;
  if (matrix.error || !matrix.data) return <ErrorState error={matrix.error} onRetry={() => void matrix.refetch()} />;
  return <PermissionsEditor matrix={matrix.data} reload={async () => (await matrix.refetch()).data} />;
}

function PermissionsEditor({
  matrix,
  reload,
}: {
  matrix: PermissionMatrix;
  reload: () => Promise<PermissionMatrix | undefined>;
}) {
  const { t } = useTranslation();
  const save = useSavePermissionMatrix();
  const sent = useRef(0);
  const editor = useEditor<Values, PermissionMatrix>({
    initialValues: toValues(matrix),
    base: matrix,
    save: (values, base = matrix) => {
      const roles = changedRoles(values, base);
      sent.current = roles.length;
      return save.mutateAsync({
        roles: roles.map((r) => ({
          id: r.id,
          version: r.version,
          permissions: (values.grants[String(r.id)] ?? []) as Permission[],
        })),
      });
    },
    toValues,
    savedMessage: () => t('users.permissions.saved', { count: sent.current }),
    reload,
    staleText: (details) => t('users.permissions.staleText', { name: String(details.name ?? '') }),
  });
  const { form } = editor;
  const base = editor.base ?? matrix;
  const roles = base.roles;
  const changed = changedRoles(form.values, base);
  if (roles.length === 0)
    return <EmptyState title={t('users.permissions.emptyTitle')} description={t('users.permissions.emptyText')} />;

  const toggle = (roleId: number, permission: string, on: boolean) => {
    const current = form.values.grants[String(roleId)] ?? [];
    const next = on ? [...new Set([...current, permission])].sort() : current.filter((p) => p !== permission);
    form.setFieldValue(`grants.${roleId}`, next);
  };

  return (
    <>
      <PageHeader
        title={t('users.permissions.title')}
        description={t('users.permissions.intro')}
        actions={
          <>
            <Button variant="default" disabled={changed.length === 0 || editor.busy} onClick={editor.reset}>
              {t('common.actions.reset')}
            </Button>
            <Button type="submit" form="permissions-form" loading={editor.busy} disabled={changed.length === 0}>
              {changed.length > 0 ? t('users.permissions.saveCount', { count: changed.length }) : t('common.actions.save')}
            </Button>
          </>
        }
      />
      {editor.banner ? <Box mb="md">{editor.banner}</Box> : null}
      <form id="permissions-form" {...editor.formProps}>
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
                              checked={r.is_admin || (form.values.grants[String(r.id)]?.includes(p) ?? false)}
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
      </form>
    </>
  );
}
