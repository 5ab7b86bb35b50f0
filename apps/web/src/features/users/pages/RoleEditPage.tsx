import { DASHBOARD_VIEWS, type DashboardView } from '@app/shared/auth/auth';
import type { Permission } from '@app/shared/platform/permissions';
import { type Role, type RoleInput, roleInputSchema } from '@app/shared/users/roles';
import { Card, Select, Skeleton, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { EditorButtons } from '../../../components/EditorButtons';
import { HistoryPanel } from '../../../components/history/HistoryPanel';
import { PageHeader } from '../../../components/PageHeader';
import { ErrorState } from '../../../components/States';
import { useEditor } from '../../../components/use-editor';
import { zodValidate } from '../../../lib/form';
import { useCreateRole, useRole, useUpdateRole } from '../api';
import { PermissionChecklist } from '../components/PermissionChecklist';

const empty: RoleInput = { slug: '', name: '', is_admin: false, dashboard_view: 'general', permissions: [] };

const toSlug = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);

const toInput = (r: Role): RoleInput => ({
  slug: r.slug,
  name: r.name,
  is_admin: r.is_admin,
  dashboard_view: r.dashboard_view,
  permissions: r.permissions as Permission[],
});

interface Props {
  /** The role as loaded; none: a new one. */
  role?: Role;
  /** Loads the newest copy after a stale save. */
  reload?: () => Promise<Role | undefined>;
}

/** A role's name, slug, dashboard and permissions; creates a new one or saves one with its version. */
function RoleEditor({ role, reload }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateRole();
  const update = useUpdateRole(role?.id ?? 0);
  // A new role's slug follows its name until the slug is typed in itself.
  const [slugTouched, setSlugTouched] = useState(role !== undefined);
  const readOnly = role !== undefined && !role.abilities.canEdit;
  const editor = useEditor<RoleInput, Role>({
    initialValues: role ? toInput(role) : empty,
    base: role,
    validate: zodValidate(roleInputSchema, t),
    save: (values, base) => (base ? update.mutateAsync({ ...values, version: base.version }) : create.mutateAsync(values)),
    toValues: role ? toInput : undefined,
    savedMessage: (saved) => t(role ? 'users.roles.saved' : 'users.roles.created', { name: saved.name }),
    onSaved: (saved) => {
      if (!role) void navigate(`/settings/roles/${saved.id}`, { replace: true });
    },
    reload,
  });
  const { form } = editor;

  return (
    <form {...editor.formProps}>
      <Stack gap="lg">
        {editor.banner}
        <Card withBorder padding="lg">
          <Stack gap="md" maw={560}>
            <TextInput
              label={t('users.roles.fields.name')}
              required
              readOnly={readOnly}
              {...form.getInputProps('name')}
              onChange={(e) => {
                const name = e.currentTarget.value;
                form.setFieldValue('name', name);
                if (!slugTouched) {
                  form.setFieldValue('slug', toSlug(name));
                  form.clearFieldError('slug');
                }
              }}
            />
            <TextInput
              label={t('users.roles.fields.slug')}
              description={t('users.roles.form.slugHint')}
              required
              readOnly={readOnly}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              {...form.getInputProps('slug')}
              onChange={(e) => {
                setSlugTouched(true);
                form.setFieldValue('slug', e.currentTarget.value);
              }}
            />
            <Select
              label={t('users.roles.fields.dashboardView')}
              description={t('users.roles.form.dashboardHint')}
              allowDeselect={false}
              readOnly={readOnly}
              data={DASHBOARD_VIEWS.map((v) => ({ value: v, label: t(`users.dashboardViews.${v}`) }))}
              {...form.getInputProps('dashboard_view')}
              onChange={(v) => v && form.setFieldValue('dashboard_view', v as DashboardView)}
            />
            <Switch
              label={t('users.roles.fields.isAdmin')}
              description={t('users.roles.form.adminHint')}
              disabled={readOnly}
              {...form.getInputProps('is_admin', { type: 'checkbox' })}
            />
          </Stack>
        </Card>
        <div id="field-permissions">
          <Title order={2} size="h4" mb={4}>
            {t('users.roles.fields.permissions')}
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            {form.values.is_admin ? t('users.roles.form.adminHasAll') : t('users.roles.form.permissionsHint')}
          </Text>
          <PermissionChecklist
            value={form.values.is_admin ? [] : form.values.permissions}
            disabled={form.values.is_admin || readOnly}
            onChange={(next: Permission[]) => form.setFieldValue('permissions', next)}
          />
          {form.errors.permissions ? (
            <Text c="red" size="sm" mt="xs" role="alert">
              {form.errors.permissions}
            </Text>
          ) : null}
        </div>
        {readOnly ? null : (
          <EditorButtons
            editor={editor}
            className="sticky-actions"
            createLabel={role ? undefined : t('users.roles.form.create')}
          />
        )}
      </Stack>
    </form>
  );
}

/** roles.create */
export function RoleCreatePage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('users.roles.createTitle')} description={t('users.roles.createIntro')} />
      <RoleEditor />
    </>
  );
}

/** roles.edit: saves with the version it loaded; a stale save (409) says someone else changed it. */
export function RoleEditPage() {
  const { t } = useTranslation();
  const id = Number(useParams().roleId);
  const role = useRole(id);

  if (role.isLoading) {
    return (
      <Stack>
        <Skeleton h={36} w={280} />
        <Skeleton h={240} />
      </Stack>
    );
  }
  if (role.error || !role.data) return <ErrorState error={role.error} onRetry={() => void role.refetch()} />;
  const current = role.data;

  return (
    <>
      <PageHeader
        title={current.name}
        description={t('users.roles.editIntro', { count: current.users_count })}
        actions={<HistoryPanel subject="role" id={current.id} />}
      />
      <RoleEditor key={current.id} role={current} reload={async () => (await role.refetch()).data} />
    </>
  );
}
