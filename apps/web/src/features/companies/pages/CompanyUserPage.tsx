import { type CompanyUser, type CompanyUserInput, companyUserInputSchema } from '@app/shared/companies/company-users';
import { LOCALES, type Locale } from '@app/shared/platform/locale';
import { Alert, Button, Checkbox, Grid, Group, Radio, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconLock, IconMailForward } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { confirmAction } from '../../../components/confirm';
import { DeleteButton } from '../../../components/DeleteButton';
import { EditorButtons } from '../../../components/EditorButtons';
import { FormSection } from '../../../components/FormSection';
import { HistoryPanel } from '../../../components/history/HistoryPanel';
import { ErrorState } from '../../../components/States';
import { useEditor } from '../../../components/use-editor';
import { deniedReason } from '../../../lib/abilities';
import { useAttempt } from '../../../lib/attempt';
import { formatDateTime } from '../../../lib/dates';
import { zodValidate } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { CompanyShell } from '../components/CompanyHeader';
import {
  useCompanyUser,
  useCreateCompanyUser,
  useDeleteCompanyUser,
  useForgetCompanyUser,
  useResendInvitation,
  useUpdateCompanyUser,
} from '../users-api';
import { InvitationBadge } from './CompanyUsersPage';

interface Values {
  locale: Locale;
  firstName: string;
  insertion: string;
  lastName: string;
  email: string;
  jobTitle: string;
  phone: string;
  sendInvitation: boolean;
}

const empty: Values = {
  locale: 'nl',
  firstName: '',
  insertion: '',
  lastName: '',
  email: '',
  jobTitle: '',
  phone: '',
  sendInvitation: true,
};

const toValues = (u: CompanyUser): Values => ({
  locale: u.locale,
  firstName: u.firstName,
  insertion: u.insertion ?? '',
  lastName: u.lastName,
  email: u.email,
  jobTitle: u.jobTitle ?? '',
  phone: u.phone ?? '',
  sendInvitation: false,
});

const toFields = (v: Values) => ({
  locale: v.locale,
  firstName: v.firstName.trim(),
  insertion: v.insertion.trim(),
  lastName: v.lastName.trim(),
  email: v.email.trim().toLowerCase(),
  jobTitle: v.jobTitle.trim(),
  phone: v.phone.trim(),
});

const toInput = (v: Values): CompanyUserInput => ({ ...toFields(v), sendInvitation: v.sendInvitation });

/**
 * Whether the invitation was sent and accepted, and 'Uitnodiging opnieuw versturen' while no
 * password was set (the server's canInvite; otherwise the reason, e.g. already accepted).
 */
function InvitationCard({ companyId, user }: { companyId: number; user: CompanyUser }) {
  const { t } = useTranslation();
  const attempt = useAttempt();
  const resend = useResendInvitation(companyId);
  const denied = deniedReason(t, user.abilities, 'canInvite');

  const handleResend = async () => {
    await attempt(async () => {
      const saved = await resend.mutateAsync(user.id);
      notify.success(t('companies.users.invite.done', { email: saved.email }));
    });
  };

  const state =
    user.invitation === 'accepted'
      ? t('companies.users.invite.stateAccepted')
      : user.invitation === 'pending'
        ? t('companies.users.invite.statePending', { date: formatDateTime(user.invitedAt) })
        : t('companies.users.invite.stateNone');

  return (
    <FormSection title={t('companies.users.invite.title')}>
      <Group gap="sm">
        <InvitationBadge user={user} />
      </Group>
      <Text size="sm">{state}</Text>
      {user.abilities.canInvite ? (
        <Button
          variant="light"
          leftSection={<IconMailForward size={16} />}
          onClick={() => void handleResend()}
          loading={resend.isPending}
          style={{ alignSelf: 'flex-start' }}
        >
          {user.invitation === 'none' ? t('companies.users.invite.send') : t('companies.users.invite.resend')}
        </Button>
      ) : denied && user.invitation !== 'accepted' ? (
        <Text size="sm" c="dimmed">
          {denied}
        </Text>
      ) : null}
      <Text size="sm" c="dimmed">
        {t('companies.users.list.lastLogin')}:{' '}
        {user.lastLoginAt ? formatDateTime(user.lastLoginAt) : t('companies.users.list.never')}
      </Text>
    </FormSection>
  );
}

interface EditorProps {
  companyId: number;
  /** The user as loaded; none: a new one. */
  user?: CompanyUser;
  reload?: () => Promise<CompanyUser | undefined>;
}

/**
 * A company user's fields: language (of the portal and the mails), name, e-mail, job title and
 * phone; for a new user whether the invitation goes now. Saves with the version it is based on;
 * the server's field errors (an e-mail address in use) land on their fields. Delete asks first
 * and says the person is signed out at once.
 */
export function CompanyUserEditor({ companyId, user, reload }: EditorProps) {
  const { t } = useTranslation();
  const attempt = useAttempt();
  const navigate = useNavigate();
  const create = useCreateCompanyUser(companyId);
  const update = useUpdateCompanyUser(companyId, user?.id ?? 0);
  const remove = useDeleteCompanyUser(companyId);
  const forget = useForgetCompanyUser(companyId);
  const schemaCheck = zodValidate(companyUserInputSchema, t, { from: toInput, prefix: 'companies.users.validation' });
  const editor = useEditor<Values, CompanyUser>({
    initialValues: user ? toValues(user) : empty,
    base: user,
    validate: (v) => {
      const errors = schemaCheck(v);
      if (!v.firstName.trim()) errors.firstName = t('companies.users.validation.firstNameRequired');
      if (!v.lastName.trim()) errors.lastName = t('companies.users.validation.lastNameRequired');
      if (!v.email.trim()) errors.email = t('companies.users.validation.emailRequired');
      return errors;
    },
    fieldErrors: { prefix: 'companies.users.validation' },
    save: (v, base) => (base ? update.mutateAsync({ ...toFields(v), version: base.version }) : create.mutateAsync(toInput(v))),
    toValues: user ? toValues : undefined,
    savedMessage: (u) =>
      t(
        user
          ? 'companies.users.editor.saved'
          : u.invitation === 'pending'
            ? 'companies.users.editor.createdInvited'
            : 'companies.users.editor.created',
        { name: u.name, email: u.email },
      ),
    onSaved: (u) => {
      if (!user) void navigate(`/companies/${companyId}/users/${u.id}`, { replace: true });
    },
    reload,
  });
  const { form } = editor;
  const base = editor.base;
  const locked = base ? !base.abilities.canEdit : false;
  const lockedReason = base ? deniedReason(t, base.abilities, 'canEdit') : null;

  const handleDelete = async (u: CompanyUser) => {
    const ok = await confirmAction({
      title: t('companies.users.delete.title'),
      message: t('companies.users.delete.text', { name: u.name }),
      confirmLabel: t('companies.users.delete.confirm'),
      danger: true,
    });
    if (!ok) return;
    await attempt(
      async () => {
        await remove.mutateAsync(u);
        editor.leave();
        notify.success(t('companies.users.delete.done', { name: u.name }));
        await navigate(`/companies/${companyId}/users`, { replace: true });
        forget(u.id);
      },
      { onStale: editor.markStale, staleToast: true },
    );
  };

  return (
    <form {...editor.formProps}>
      <Stack gap="lg">
        {editor.banner}
        {locked && lockedReason ? (
          <Alert color="gray" variant="light" icon={<IconLock size={18} />} title={t('companies.users.editor.lockedTitle')}>
            {lockedReason}
          </Alert>
        ) : null}
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <Stack gap="lg">
              <FormSection title={t('companies.users.editor.sections.person')}>
                <SimpleGrid cols={{ base: 1, sm: 3 }}>
                  <TextInput
                    label={t('companies.users.fields.firstName')}
                    required
                    disabled={locked}
                    autoComplete="off"
                    {...form.getInputProps('firstName')}
                  />
                  <TextInput
                    label={t('companies.users.fields.insertion')}
                    disabled={locked}
                    autoComplete="off"
                    {...form.getInputProps('insertion')}
                  />
                  <TextInput
                    label={t('companies.users.fields.lastName')}
                    required
                    disabled={locked}
                    autoComplete="off"
                    {...form.getInputProps('lastName')}
                  />
                </SimpleGrid>
                <TextInput
                  label={t('companies.users.fields.jobTitle')}
                  disabled={locked}
                  autoComplete="off"
                  {...form.getInputProps('jobTitle')}
                />
              </FormSection>
              <FormSection title={t('companies.users.editor.sections.contact')}>
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput
                    label={t('companies.users.fields.email')}
                    description={t('companies.users.editor.emailHint')}
                    required
                    type="email"
                    inputMode="email"
                    autoComplete="off"
                    disabled={locked}
                    {...form.getInputProps('email')}
                  />
                  <TextInput
                    label={t('companies.users.fields.phone')}
                    type="tel"
                    autoComplete="off"
                    disabled={locked}
                    {...form.getInputProps('phone')}
                  />
                </SimpleGrid>
                <Radio.Group
                  label={t('companies.users.fields.locale')}
                  description={t('companies.users.editor.localeHint')}
                  id="field-locale"
                  {...form.getInputProps('locale')}
                >
                  <Group gap="lg" mt={6}>
                    {LOCALES.map((l) => (
                      <Radio key={l} value={l} label={t(`companies.users.locale.${l}`)} disabled={locked} />
                    ))}
                  </Group>
                </Radio.Group>
              </FormSection>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            {user ? (
              <InvitationCard companyId={companyId} user={user} />
            ) : (
              <FormSection title={t('companies.users.invite.title')}>
                <Checkbox
                  label={t('companies.users.fields.sendInvitation')}
                  description={t('companies.users.editor.sendInvitationHint')}
                  {...form.getInputProps('sendInvitation', { type: 'checkbox' })}
                />
              </FormSection>
            )}
          </Grid.Col>
        </Grid>
        <Group justify="space-between" align="flex-start" gap="sm">
          {base ? (
            <Group gap="sm">
              <HistoryPanel subject="company_user" id={base.id} />
              <DeleteButton
                label={t('companies.users.delete.button')}
                onClick={() => void handleDelete(base)}
                loading={remove.isPending}
                denied={deniedReason(t, base.abilities, 'canDelete')}
              />
            </Group>
          ) : null}
          {locked ? null : (
            <EditorButtons editor={editor} ml="auto" createLabel={user ? undefined : t('companies.users.editor.create')} />
          )}
        </Group>
      </Stack>
    </form>
  );
}

/** /companies/:companyId/users/new: a new user of the company; once made, their page opens. */
export function CompanyUserCreatePage() {
  const { t } = useTranslation();
  const companyId = Number(useParams().companyId);
  return (
    <CompanyShell companyId={companyId}>
      <Stack gap={4} mb="lg">
        <Title order={2} fz="xl">
          {t('companies.users.editor.createTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('companies.users.editor.createIntro')}
        </Text>
      </Stack>
      <CompanyUserEditor companyId={companyId} />
    </CompanyShell>
  );
}

/** company.user.details: one user's fields, their invitation (resend) and delete. */
export function CompanyUserDetailsPage() {
  const companyId = Number(useParams().companyId);
  return (
    <CompanyShell companyId={companyId}>
      <UserDetails companyId={companyId} />
    </CompanyShell>
  );
}

function UserDetails({ companyId }: { companyId: number }) {
  const clientId = Number(useParams().clientId);
  const user = useCompanyUser(companyId, clientId);
  if (user.isLoading) {
    return (
      <Stack gap="lg" aria-busy="true">
        <Skeleton h={28} w={240} />
        <Skeleton h={220} />
        <Skeleton h={160} />
      </Stack>
    );
  }
  if (!user.data) return <ErrorState error={user.error} onRetry={() => void user.refetch()} />;
  const u = user.data;
  return (
    <>
      <Title order={2} fz="xl" mb="lg" style={{ overflowWrap: 'anywhere' }}>
        {u.name}
      </Title>
      <CompanyUserEditor key={u.id} companyId={companyId} user={u} reload={async () => (await user.refetch()).data} />
    </>
  );
}
