import { DASHBOARD_VIEWS, type DashboardView } from '@app/shared/auth/auth';
import type { Permission } from '@app/shared/platform/permissions';
import { type Role, type RoleInput, roleInputSchema } from '@app/shared/users/roles';
import { Alert, Button, Card, Group, Select, Skeleton, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { ErrorState } from '../../../components/States';
import { useUnsavedChanges } from '../../../components/useUnsavedChanges';
import { isApiError } from '../../../lib/api';
import { errorMessage, translateFieldErrors } from '../../../lib/errors';
import { zodValidate } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { roleKeys, useCreateRole, useRole, useUpdateRole } from '../api';
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

interface FormProps {
  initial: RoleInput;
  submitLabel: string;
  onSubmit: (values: RoleInput) => Promise<void>;
  /** A conflict banner above the form, e.g. someone else saved first. */
  banner?: React.ReactNode;
  isNew: boolean;
}

function RoleForm({ initial, submitLabel, onSubmit, banner, isNew }: FormProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [slugTouched, setSlugTouched] = useState(!isNew);
  const form = useForm<RoleInput>({
    initialValues: initial,
    validate: zodValidate(roleInputSchema, t),
    validateInputOnBlur: true,
  });
  useUnsavedChanges(form.isDirty() && !busy);

  const handleSubmit = form.onSubmit(async (values) => {
    setBusy(true);
    try {
      await onSubmit(values);
      form.resetDirty(values);
    } catch (err) {
      if (isApiError(err) && err.fieldErrors) form.setErrors(translateFieldErrors(t, err.fieldErrors));
      else if (!(isApiError(err) && err.code === 'STALE_VERSION')) notify.error(errorMessage(t, err));
    } finally {
      setBusy(false);
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="lg">
        {banner}
        <Card withBorder padding="lg">
          <Stack gap="md" maw={560}>
            <TextInput
              label={t('users.roles.fields.name')}
              required
              {...form.getInputProps('name')}
              onChange={(e) => {
                const name = e.currentTarget.value;
                form.setFieldValue('name', name);
                if (!slugTouched) form.setFieldValue('slug', toSlug(name));
              }}
            />
            <TextInput
              label={t('users.roles.fields.slug')}
              description={t('users.roles.form.slugHint')}
              required
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
              data={DASHBOARD_VIEWS.map((v) => ({ value: v, label: t(`users.dashboardViews.${v}`) }))}
              {...form.getInputProps('dashboard_view')}
              onChange={(v) => v && form.setFieldValue('dashboard_view', v as DashboardView)}
            />
            <Switch
              label={t('users.roles.fields.isAdmin')}
              description={t('users.roles.form.adminHint')}
              {...form.getInputProps('is_admin', { type: 'checkbox' })}
            />
          </Stack>
        </Card>
        <div>
          <Title order={2} size="h4" mb={4}>
            {t('users.roles.fields.permissions')}
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            {form.values.is_admin ? t('users.roles.form.adminHasAll') : t('users.roles.form.permissionsHint')}
          </Text>
          <PermissionChecklist
            value={form.values.is_admin ? [] : form.values.permissions}
            disabled={form.values.is_admin}
            onChange={(next: Permission[]) => form.setFieldValue('permissions', next)}
          />
          {form.errors.permissions ? (
            <Text c="red" size="sm" mt="xs">
              {form.errors.permissions}
            </Text>
          ) : null}
        </div>
        <Group className="sticky-actions" justify="flex-end">
          <Button type="submit" loading={busy} disabled={!form.isDirty()}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** roles.create */
export function RoleCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateRole();
  return (
    <>
      <PageHeader title={t('users.roles.createTitle')} description={t('users.roles.createIntro')} />
      <RoleForm
        isNew
        initial={empty}
        submitLabel={t('users.roles.form.create')}
        onSubmit={async (values) => {
          const role = await create.mutateAsync(values);
          notify.success(t('users.roles.created', { name: role.name }));
          void navigate(`/settings/roles/${role.id}`, { replace: true });
        }}
      />
    </>
  );
}

const toInput = (r: Role): RoleInput => ({
  slug: r.slug,
  name: r.name,
  is_admin: r.is_admin,
  dashboard_view: r.dashboard_view,
  permissions: r.permissions as Permission[],
});

/** roles.edit: saves with the version it loaded; a stale save (409) says someone else changed it. */
export function RoleEditPage() {
  const { t } = useTranslation();
  const id = Number(useParams().roleId);
  const role = useRole(id);
  const qc = useQueryClient();
  const update = useUpdateRole(id);
  const [stale, setStale] = useState(false);
  const [formKey, setFormKey] = useState(0);

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

  const banner = stale ? (
    <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} title={t('common.stale.title')} role="alert">
      <Stack gap="xs">
        <Text size="sm">{t('common.stale.text')}</Text>
        <Group>
          <Button
            size="xs"
            variant="light"
            color="orange"
            onClick={async () => {
              await qc.invalidateQueries({ queryKey: roleKeys.detail(id) });
              setStale(false);
              setFormKey((k) => k + 1);
            }}
          >
            {t('common.stale.reload')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  ) : null;

  return (
    <>
      <PageHeader title={current.name} description={t('users.roles.editIntro', { count: current.users_count })} />
      <RoleForm
        key={`${current.id}-${current.version}-${formKey}`}
        isNew={false}
        initial={toInput(current)}
        banner={banner}
        submitLabel={t('common.actions.save')}
        onSubmit={async (values) => {
          try {
            const saved = await update.mutateAsync({ ...values, version: current.version });
            setStale(false);
            notify.success(t('users.roles.saved', { name: saved.name }));
          } catch (err) {
            if (isApiError(err) && err.code === 'STALE_VERSION') setStale(true);
            throw err;
          }
        }}
      />
    </>
  );
}
