import { LOCALES, type Locale } from '@app/shared/platform/locale';
import { type Employee, type EmployeeInput, type EmployeeUpdate, employeeInputSchema } from '@app/shared/users/employees';
import type { EmployeeField } from '@app/shared/users/employees.rules';
import { PEOPLE_RIGHTS } from '@app/shared/users/people.rules';
import {
  Alert,
  Badge,
  Button,
  Grid,
  Group,
  Menu,
  Radio,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconDots, IconLock, IconLogout, IconMail, IconMailForward, IconRestore, IconUserOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { confirmAction } from '../../../components/confirm';
import { EditorButtons } from '../../../components/EditorButtons';
import { FormSection } from '../../../components/FormSection';
import { HistoryPanel } from '../../../components/history/HistoryPanel';
import { PageHeader } from '../../../components/PageHeader';
import { PasswordField } from '../../../components/PasswordField';
import { ErrorState } from '../../../components/States';
import { useEditor } from '../../../components/use-editor';
import { deniedReason } from '../../../lib/abilities';
import { useAttempt } from '../../../lib/attempt';
import { formatDateTime } from '../../../lib/dates';
import { zodValidate } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useCan } from '../../auth/api';
import { UserHeader } from '../components/UserHeader';
import {
  useCreateEmployee,
  useEmployee,
  useEmployeeState,
  useEndSessions,
  useResendEmployeeInvitation,
  useRoleOptions,
  useUpdateEmployee,
} from '../employees-api';

interface Values {
  firstName: string;
  insertion: string;
  lastName: string;
  email: string;
  privateEmail: string;
  phone: string;
  function: string;
  supplierNumber: string;
  /** The role's id as the select holds it; null for none. */
  roleId: string | null;
  exactId: string;
  locale: Locale;
  currentPassword: string;
}

const empty: Values = {
  firstName: '',
  insertion: '',
  lastName: '',
  email: '',
  privateEmail: '',
  phone: '',
  function: '',
  supplierNumber: '',
  roleId: null,
  exactId: '',
  locale: 'nl',
  currentPassword: '',
};

const toValues = (e: Employee): Values => ({
  firstName: e.firstName,
  insertion: e.insertion ?? '',
  lastName: e.lastName,
  email: e.email,
  privateEmail: e.privateEmail ?? '',
  phone: e.phone ?? '',
  function: e.function ?? '',
  supplierNumber: e.supplierNumber ?? '',
  roleId: e.role ? String(e.role.id) : null,
  exactId: e.exactId ?? '',
  locale: e.locale,
  currentPassword: '',
});

const toInput = (v: Values): EmployeeInput => ({
  firstName: v.firstName.trim(),
  insertion: v.insertion.trim(),
  lastName: v.lastName.trim(),
  email: v.email.trim().toLowerCase(),
  privateEmail: v.privateEmail.trim().toLowerCase(),
  phone: v.phone.trim(),
  function: v.function.trim(),
  supplierNumber: v.supplierNumber.trim(),
  roleId: v.roleId ? Number(v.roleId) : null,
  exactId: v.exactId.trim(),
  locale: v.locale,
});

/** A save sends only the fields this person may change (the server refuses a change to any other). */
function toUpdate(v: Values, base: Employee): EmployeeUpdate {
  const all = toInput(v);
  const out: EmployeeUpdate = { version: base.version };
  for (const f of base.editable) (out as Record<string, unknown>)[f] = all[f];
  if (emailChanged(v, base) && base.isSelf) out.currentPassword = v.currentPassword;
  return out;
}

const emailChanged = (v: Values, base: Employee | undefined) =>
  !!base && v.email.trim().toLowerCase() !== base.email.toLowerCase();

interface EditorProps {
  /** The employee as loaded; none: a new one. */
  employee?: Employee;
  reload?: () => Promise<Employee | undefined>;
}

/**
 * An employee's profile: name, contact, work (function, supplier number, role, exactId) and
 * language. Each field is open only when the server says this person may change it, and says why
 * not otherwise; a change of one's own e-mail address asks for the current password (S10).
 */
export function EmployeeEditor({ employee, reload }: EditorProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateEmployee();
  const update = useUpdateEmployee(employee?.id ?? 0);
  const canExact = useCan(PEOPLE_RIGHTS.exact);
  const schemaCheck = zodValidate(employeeInputSchema, t, { from: toInput, prefix: 'users.validation' });
  const editor = useEditor<Values, Employee>({
    initialValues: employee ? toValues(employee) : empty,
    base: employee,
    validate: (v) => {
      const errors = schemaCheck(v);
      if (!v.firstName.trim()) errors.firstName = t('users.validation.firstNameRequired');
      if (!v.lastName.trim()) errors.lastName = t('users.validation.lastNameRequired');
      if (!v.email.trim()) errors.email = t('users.validation.emailRequired');
      const b = editor.base;
      if (b?.isSelf && emailChanged(v, b) && !v.currentPassword) {
        errors.currentPassword = t('users.validation.current_password_required');
      }
      return errors;
    },
    fieldErrors: { prefix: 'users.validation' },
    save: (v, base) => (base ? update.mutateAsync(toUpdate(v, base)) : create.mutateAsync(toInput(v))),
    toValues: employee ? toValues : undefined,
    savedMessage: (e) => t(employee ? 'users.profile.saved' : 'users.profile.created', { name: e.name, email: e.email }),
    onSaved: (e) => {
      if (!employee) void navigate(`/users/${e.id}`, { replace: true });
    },
    reload,
  });
  const { form } = editor;
  const base = editor.base;
  const editable = new Set<EmployeeField>(base ? base.editable : []);
  const open = (f: EmployeeField) => !base || editable.has(f);
  const roles = useRoleOptions(!base || open('roleId'));
  const lockedReason = base && !base.abilities.canEdit ? deniedReason(t, base.abilities, 'canEdit') : null;
  const ownOnly = base?.isSelf && !editable.has('firstName') && base.abilities.canEdit;
  const roleHint =
    base && !open('roleId')
      ? deniedReason(t, base.abilities, 'canChangeRole', {
          FORBIDDEN: t(base.isSelf ? 'users.profile.ownRole' : 'users.profile.hrOnly'),
        })
      : null;
  const exactHint = base && !open('exactId') ? deniedReason(t, base.abilities, 'canEditExactId') : null;
  const showExact = base ? true : canExact;
  const askPassword = !!base?.isSelf && emailChanged(form.values, base);
  const field = (f: EmployeeField) => ({ disabled: !open(f), ...form.getInputProps(f) });

  return (
    <form {...editor.formProps}>
      <Stack gap="lg">
        {editor.banner}
        {lockedReason ? (
          <Alert color="gray" variant="light" icon={<IconLock size={18} />} title={t('users.profile.lockedTitle')}>
            {lockedReason}
          </Alert>
        ) : ownOnly ? (
          <Alert color="blue" variant="light" icon={<IconLock size={18} />}>
            {t('users.profile.ownHint')}
          </Alert>
        ) : null}
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <Stack gap="lg">
              <FormSection title={t('users.profile.sections.person')}>
                <SimpleGrid cols={{ base: 1, sm: 3 }}>
                  <TextInput label={t('users.employees.fields.firstName')} required autoComplete="off" {...field('firstName')} />
                  <TextInput label={t('users.employees.fields.insertion')} autoComplete="off" {...field('insertion')} />
                  <TextInput label={t('users.employees.fields.lastName')} required autoComplete="off" {...field('lastName')} />
                </SimpleGrid>
                <Radio.Group
                  label={t('users.employees.fields.locale')}
                  description={t('users.profile.localeHint')}
                  id="field-locale"
                  {...form.getInputProps('locale')}
                >
                  <Group gap="lg" mt={6}>
                    {LOCALES.map((l) => (
                      <Radio key={l} value={l} label={t(`users.locale.${l}`)} disabled={!open('locale')} />
                    ))}
                  </Group>
                </Radio.Group>
              </FormSection>
              <FormSection title={t('users.profile.sections.contact')}>
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput
                    label={t('users.employees.fields.email')}
                    description={t('users.profile.emailHint')}
                    required
                    type="email"
                    inputMode="email"
                    autoComplete="off"
                    {...field('email')}
                  />
                  <TextInput
                    label={t('users.employees.fields.privateEmail')}
                    type="email"
                    inputMode="email"
                    autoComplete="off"
                    {...field('privateEmail')}
                  />
                  <TextInput label={t('users.employees.fields.phone')} type="tel" autoComplete="off" {...field('phone')} />
                </SimpleGrid>
                {askPassword ? (
                  <PasswordField
                    label={t('users.profile.currentPassword')}
                    description={t('users.profile.currentPasswordHint')}
                    required
                    autoComplete="current-password"
                    {...form.getInputProps('currentPassword')}
                  />
                ) : null}
              </FormSection>
              <FormSection title={t('users.profile.sections.work')}>
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput label={t('users.employees.fields.function')} autoComplete="off" {...field('function')} />
                  <TextInput label={t('users.employees.fields.supplierNumber')} autoComplete="off" {...field('supplierNumber')} />
                  {open('roleId') ? (
                    <Select
                      label={t('users.employees.fields.role')}
                      placeholder={t('users.employees.noRole')}
                      data={(roles.data ?? []).map((r) => ({ value: String(r.id), label: r.name }))}
                      clearable
                      searchable
                      nothingFoundMessage={t('users.profile.noRoles')}
                      {...form.getInputProps('roleId')}
                    />
                  ) : (
                    <TextInput
                      label={t('users.employees.fields.role')}
                      value={base?.role?.name ?? t('users.employees.noRole')}
                      description={roleHint}
                      readOnly
                      disabled
                    />
                  )}
                  {showExact ? (
                    <TextInput
                      label={t('users.employees.fields.exactId')}
                      description={exactHint}
                      autoComplete="off"
                      {...field('exactId')}
                    />
                  ) : null}
                </SimpleGrid>
              </FormSection>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            {employee ? (
              <AccountCard employee={employee} />
            ) : (
              <FormSection title={t('users.profile.sections.account')}>
                <Group gap="sm" wrap="nowrap" align="flex-start">
                  <IconMail size={20} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
                  <Text size="sm">{t('users.profile.invitationNote')}</Text>
                </Group>
              </FormSection>
            )}
          </Grid.Col>
        </Grid>
        {lockedReason ? null : <EditorButtons editor={editor} createLabel={employee ? undefined : t('users.profile.create')} />}
      </Stack>
    </form>
  );
}

/** The account: the invitation's state and the last sign-in. */
function AccountCard({ employee }: { employee: Employee }) {
  const { t } = useTranslation();
  const badge =
    employee.invitation === 'accepted' ? (
      <Badge variant="light" color="teal">
        {t('users.profile.invitation.accepted')}
      </Badge>
    ) : employee.invitation === 'pending' ? (
      <Badge variant="light" color="blue">
        {t('users.profile.invitation.pending')}
      </Badge>
    ) : (
      <Badge variant="light" color="gray">
        {t('users.profile.invitation.none')}
      </Badge>
    );
  return (
    <FormSection title={t('users.profile.sections.account')}>
      <Group gap="sm">{badge}</Group>
      <Text size="sm">{t(`users.profile.invitation.${employee.invitation}Text`)}</Text>
      <Text size="sm" c="dimmed">
        {t('users.employees.fields.lastLogin')}:{' '}
        {employee.lastLoginAt ? formatDateTime(employee.lastLoginAt) : t('users.employees.never')}
      </Text>
      {employee.deletedAt ? (
        <Text size="sm" c="dimmed">
          {t('users.profile.deactivatedOn', { date: formatDateTime(employee.deletedAt) })}
        </Text>
      ) : null}
    </FormSection>
  );
}

/**
 * The staff actions on a person: resend the invitation, end all sessions, deactivate, restore.
 * Each asks first where it cannot be undone at once; an action the server refuses for a reason
 * other than the right itself is shown disabled with that reason.
 */
function EmployeeActions({ employee }: { employee: Employee }) {
  const { t } = useTranslation();
  const attempt = useAttempt();
  const resend = useResendEmployeeInvitation(employee.id);
  const endSessions = useEndSessions(employee.id);
  const state = useEmployeeState(employee.id);
  const a = employee.abilities;
  const shown = (k: keyof Omit<typeof a, 'reasons'>) => a[k] || (a.reasons[k] !== undefined && a.reasons[k] !== 'FORBIDDEN');
  const items = {
    // Only when it can work: not to a deactivated person (restore first), not once a password is set.
    resend: a.canResendInvitation && employee.invitation !== 'accepted',
    sessions: a.canEndSessions,
    deactivate: !employee.deletedAt && shown('canDeactivate'),
    restore: !!employee.deletedAt && a.canRestore,
  };
  if (!Object.values(items).some(Boolean)) return null;

  const run = async (action: () => Promise<unknown>, done: string) => {
    await attempt(async () => {
      await action();
      notify.success(done);
    });
  };

  const handleResend = () => run(() => resend.mutateAsync(), t('users.actions.resendDone', { email: employee.email }));

  const handleSessions = async () => {
    const ok = await confirmAction({
      title: t('users.actions.sessionsTitle'),
      message: t('users.actions.sessionsText', { name: employee.name }),
      confirmLabel: t('users.actions.sessionsConfirm'),
      danger: true,
    });
    if (ok) await run(() => endSessions.mutateAsync(), t('users.actions.sessionsDone', { name: employee.name }));
  };

  const handleDeactivate = async () => {
    const ok = await confirmAction({
      title: t('users.actions.deactivateTitle'),
      message: t('users.actions.deactivateText', { name: employee.name }),
      confirmLabel: t('users.actions.deactivateConfirm'),
      danger: true,
    });
    if (ok) {
      await run(
        () => state.mutateAsync({ action: 'deactivate', version: employee.version }),
        t('users.actions.deactivateDone', { name: employee.name }),
      );
    }
  };

  const handleRestore = async () => {
    const ok = await confirmAction({
      title: t('users.actions.restoreTitle'),
      message: t('users.actions.restoreText', { name: employee.name }),
      confirmLabel: t('users.actions.restoreConfirm'),
    });
    if (ok) {
      await run(
        () => state.mutateAsync({ action: 'restore', version: employee.version }),
        t('users.actions.restoreDone', { name: employee.name }),
      );
    }
  };

  const busy = resend.isPending || endSessions.isPending || state.isPending;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" rightSection={<IconDots size={16} />} loading={busy}>
          {t('users.actions.menu')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {items.resend ? (
          <Menu.Item leftSection={<IconMailForward size={16} />} onClick={() => void handleResend()}>
            {t(employee.invitation === 'none' ? 'users.actions.send' : 'users.actions.resend')}
          </Menu.Item>
        ) : null}
        {items.sessions ? (
          <Menu.Item leftSection={<IconLogout size={16} />} onClick={() => void handleSessions()}>
            {t('users.actions.sessions')}
          </Menu.Item>
        ) : null}
        {items.restore ? (
          <Menu.Item leftSection={<IconRestore size={16} />} onClick={() => void handleRestore()}>
            {t('users.actions.restore')}
          </Menu.Item>
        ) : null}
        {items.deactivate ? (
          <>
            <Menu.Divider />
            <Menu.Item
              color="red"
              leftSection={<IconUserOff size={16} />}
              disabled={!a.canDeactivate}
              onClick={() => void handleDeactivate()}
            >
              <Stack gap={0}>
                <span>{t('users.actions.deactivate')}</span>
                {a.canDeactivate ? null : (
                  <Text size="xs" c="dimmed">
                    {deniedReason(t, a, 'canDeactivate')}
                  </Text>
                )}
              </Stack>
            </Menu.Item>
          </>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}

/** users.create (/users/new): a new employee; the invitation mail goes at once; then their profile opens. */
export function EmployeeCreatePage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('users.employees.createTitle')} description={t('users.profile.createIntro')} />
      <EmployeeEditor />
    </>
  );
}

/** users.show (/users/:userId): the profile under the employee's header, with the staff actions. */
export function EmployeePage() {
  const userId = Number(useParams().userId);
  const employee = useEmployee(userId);
  const e = employee.data;
  return (
    <>
      <UserHeader
        userId={userId}
        actions={
          e ? (
            <>
              <HistoryPanel subject="employee" id={e.id} />
              <EmployeeActions employee={e} />
            </>
          ) : null
        }
      />
      {employee.isLoading ? (
        <Stack gap="lg" aria-busy="true">
          <Skeleton h={220} />
          <Skeleton h={160} />
        </Stack>
      ) : e ? (
        <EmployeeEditor key={`${e.id}-${e.deletedAt ?? ''}`} employee={e} reload={async () => (await employee.refetch()).data} />
      ) : (
        <ErrorState error={employee.error} onRetry={() => void employee.refetch()} />
      )}
    </>
  );
}
