import { type OwnProfile, type OwnProfileUpdate, ownProfileUpdateSchema } from '@app/shared/companies/company-users';
import { Card, Group, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EditorButtons } from '../../../components/EditorButtons';
import { ErrorState } from '../../../components/States';
import { useEditor } from '../../../components/use-editor';
import { api } from '../../../lib/api';
import { zodValidate } from '../../../lib/form';
import { authKeys } from '../api';

type Values = Omit<OwnProfileUpdate, 'version'> & { firstName: string; lastName: string };

const profileKey = ['account', 'profile'] as const;
const toValues = (p: OwnProfile): Values => ({
  firstName: p.firstName,
  insertion: p.insertion ?? '',
  lastName: p.lastName,
  jobTitle: p.jobTitle ?? '',
  phone: p.phone ?? '',
});

/** The own profile of a company user (GET/PUT /api/client/profile): name, job title, phone; the e-mail address is shown, staff change it. */
export function OwnProfileCard() {
  const { t } = useTranslation();
  const profile = useQuery({
    queryKey: profileKey,
    queryFn: ({ signal }) => api.get<{ data: OwnProfile }>('/api/client/profile', { signal }).then((r) => r.data),
  });
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4">
            {t('account.profile.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {profile.data ? t('account.profile.text', { email: profile.data.email }) : t('account.profile.textShort')}
          </Text>
        </div>
        {profile.isPending ? (
          <Skeleton h={160} />
        ) : profile.isError ? (
          <ErrorState error={profile.error} onRetry={() => void profile.refetch()} />
        ) : (
          <ProfileForm profile={profile.data} reload={async () => (await profile.refetch()).data} />
        )}
      </Stack>
    </Card>
  );
}

function ProfileForm({ profile, reload }: { profile: OwnProfile; reload: () => Promise<OwnProfile | undefined> }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const save = useMutation({
    mutationFn: (input: OwnProfileUpdate) => api.put<{ data: OwnProfile }>('/api/client/profile', input).then((r) => r.data),
    onSuccess: (saved) => {
      qc.setQueryData(profileKey, saved);
      // The header and the welcome show the name from the current user.
      void qc.invalidateQueries({ queryKey: authKeys.current });
    },
  });
  const editor = useEditor<Values, OwnProfile>({
    initialValues: toValues(profile),
    base: profile,
    validate: zodValidate(ownProfileUpdateSchema, t, { from: (v: Values) => ({ ...v, version: profile.version }) }),
    save: (v, base) => save.mutateAsync({ ...v, version: base?.version ?? profile.version }),
    toValues,
    savedMessage: () => t('account.profile.saved'),
    reload,
  });
  const { form } = editor;
  return (
    <form {...editor.formProps}>
      <Stack gap="md">
        {editor.banner}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label={t('account.profile.firstName')}
            required
            autoComplete="given-name"
            {...form.getInputProps('firstName')}
          />
          <TextInput label={t('account.profile.insertion')} {...form.getInputProps('insertion')} />
          <TextInput
            label={t('account.profile.lastName')}
            required
            autoComplete="family-name"
            {...form.getInputProps('lastName')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('account.profile.jobTitle')}
            autoComplete="organization-title"
            {...form.getInputProps('jobTitle')}
          />
          <TextInput label={t('account.profile.phone')} type="tel" autoComplete="tel" {...form.getInputProps('phone')} />
        </SimpleGrid>
        <Group justify="flex-end">
          <EditorButtons editor={editor} />
        </Group>
      </Stack>
    </form>
  );
}
