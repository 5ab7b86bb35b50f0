import { SECTORS, type Sector } from '@app/shared/auth/auth';
import { type Company, type CompanyInput, companyInputSchema } from '@app/shared/companies/companies';
import {
  Alert,
  Badge,
  Button,
  ColorInput,
  Grid,
  Group,
  Radio,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconArchive, IconArchiveOff, IconLock, IconLogin2, IconRestore } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { confirmAction } from '../../../components/confirm';
import { EditorButtons } from '../../../components/EditorButtons';
import { FormSection } from '../../../components/FormSection';
import { HistoryPanel } from '../../../components/history/HistoryPanel';
import { PageHeader } from '../../../components/PageHeader';
import { ErrorState } from '../../../components/States';
import { useEditor } from '../../../components/use-editor';
import { useShownRecord } from '../../../components/use-shown-record';
import { deniedReason } from '../../../lib/abilities';
import { useAttempt } from '../../../lib/attempt';
import { formatDate } from '../../../lib/dates';
import { zodValidate } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { startActingAs } from '../../auth/api';
import { useCompany, useCompanyTransitions, useCreateCompany, useUpdateCompany } from '../api';
import { DEFAULT_PRIMARY, DEFAULT_SECONDARY } from '../brand';
import { BrandPreview } from '../components/BrandPreview';
import { CompanyHeader } from '../components/CompanyHeader';
import { CompanyLogoField } from '../components/CompanyLogoField';

interface Values {
  name: string;
  sector: Sector | '';
  primaryColor: string;
  secondaryColor: string;
  contactPerson: string;
  email: string;
  phone: string;
  country: string;
  address: string;
  zipcode: string;
  city: string;
}

const empty: Values = {
  name: '',
  sector: '',
  primaryColor: DEFAULT_PRIMARY,
  secondaryColor: DEFAULT_SECONDARY,
  contactPerson: '',
  email: '',
  phone: '',
  country: '',
  address: '',
  zipcode: '',
  city: '',
};

const toValues = (c: Company): Values => ({
  name: c.name,
  sector: c.sector,
  primaryColor: c.primaryColor,
  secondaryColor: c.secondaryColor,
  contactPerson: c.contactPerson ?? '',
  email: c.email ?? '',
  phone: c.phone ?? '',
  country: c.country ?? '',
  address: c.address ?? '',
  zipcode: c.zipcode ?? '',
  city: c.city ?? '',
});

const toInput = (v: Values): CompanyInput => ({
  name: v.name.trim(),
  // An empty choice goes as it is: the schema answers invalid_choice, worded below.
  sector: v.sector as Sector,
  primaryColor: v.primaryColor.trim().toLowerCase(),
  secondaryColor: v.secondaryColor.trim().toLowerCase(),
  contactPerson: v.contactPerson.trim(),
  email: v.email.trim().toLowerCase(),
  phone: v.phone.trim(),
  country: v.country.trim(),
  address: v.address.trim(),
  zipcode: v.zipcode.trim(),
  city: v.city.trim(),
});

/** A few colours to start from: the demo's and the app's own (each reads with white text, or black for the light ones). */
const PRIMARY_SWATCHES = ['#1c3d5a', '#0b3954', '#14532d', '#7c2d12', '#4c1d95', '#831843', '#1f2937', '#134e4a'];
const SECONDARY_SWATCHES = ['#c8a45c', '#f2c14e', '#a7f3d0', '#fde68a', '#fbcfe8', '#bae6fd', '#e5e7eb', '#fdba74'];

interface EditorProps {
  /** The company as loaded; none: a new one. */
  company?: Company;
  reload?: () => Promise<Company | undefined>;
  /** Tells the page whether the form has unsaved changes (it then keeps the form when the company reloads). */
  onDirtyChange?: (dirty: boolean) => void;
}

/**
 * Every field of a company: name and sector (required), the two brand colours with a live preview
 * of the portal's header and a contrast check, contact person, e-mail, phone and the address.
 * Saves the whole form with the version it is based on; archive and restore ask first (archiving
 * signs its users out) and follow the server's abilities.
 */
export function CompanyEditor({ company, reload, onDirtyChange }: EditorProps) {
  const { t } = useTranslation();
  const attempt = useAttempt();
  const navigate = useNavigate();
  const create = useCreateCompany();
  const update = useUpdateCompany(company?.id ?? 0);
  const { archive, restore } = useCompanyTransitions();
  const [acting, setActing] = useState(false);
  // The logo is saved on its own (not with the form): what it is now, also after a change here.
  const [logo, setLogo] = useState<string | null>(company?.logo ?? null);
  const schemaCheck = zodValidate(companyInputSchema, t, { from: toInput, prefix: 'companies.validation' });
  const editor = useEditor<Values, Company>({
    initialValues: company ? toValues(company) : empty,
    base: company,
    validate: (v) => {
      const errors = schemaCheck(v);
      if (!v.name.trim()) errors.name = t('companies.validation.nameRequired');
      if (!v.sector) errors.sector = t('companies.editor.sectorRequired');
      return errors;
    },
    fieldErrors: { prefix: 'companies.validation' },
    save: (v, base) => (base ? update.mutateAsync({ ...toInput(v), version: base.version }) : create.mutateAsync(toInput(v))),
    toValues: company ? toValues : undefined,
    savedMessage: (c) => t(company ? 'companies.editor.saved' : 'companies.editor.created', { name: c.name }),
    onSaved: (c) => {
      if (!company) void navigate(`/companies/${c.id}`, { replace: true });
    },
    reload,
  });
  const { form } = editor;
  const dirty = editor.isDirty;
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  const base = editor.base;
  const locked = base ? !base.abilities.canEdit : false;
  const lockedReason = base ? deniedReason(t, base.abilities, 'canEdit') : null;

  const handleArchive = async (c: Company) => {
    const ok = await confirmAction({
      title: t('companies.archive.title'),
      message:
        c.usersCount > 0
          ? t('companies.archive.text', { name: c.name, count: c.usersCount })
          : t('companies.archive.textNoUsers', { name: c.name }),
      confirmLabel: t('companies.archive.confirm'),
      danger: true,
    });
    if (!ok) return;
    await attempt(
      async () => {
        await archive.mutateAsync(c);
        notify.success(t('companies.archive.done', { name: c.name }));
      },
      { onStale: editor.markStale, staleToast: true },
    );
  };

  const handleRestore = async (c: Company) => {
    await attempt(
      async () => {
        await restore.mutateAsync(c);
        notify.success(t('companies.restore.done', { name: c.name }));
      },
      { onStale: editor.markStale, staleToast: true },
    );
  };

  const handleActAs = async (c: Company) => {
    setActing(true);
    await attempt(
      async () => {
        await startActingAs(c.id);
      },
      {
        onError: () => {
          setActing(false);
        },
      },
    );
  };

  const v = form.values;

  return (
    <form {...editor.formProps}>
      <Stack gap="lg">
        {editor.banner}
        {base?.archivedAt ? (
          <Alert color="orange" variant="light" icon={<IconArchiveOff size={18} />} title={t('companies.editor.archivedTitle')}>
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{t('companies.editor.archivedText', { date: formatDate(base.archivedAt) })}</Text>
              {base.abilities.canRestore ? (
                <Button
                  size="xs"
                  variant="white"
                  color="teal"
                  leftSection={<IconRestore size={14} />}
                  onClick={() => void handleRestore(base)}
                  loading={restore.isPending}
                >
                  {t('companies.restore.button')}
                </Button>
              ) : null}
            </Stack>
          </Alert>
        ) : null}
        {locked && lockedReason ? (
          <Alert color="gray" variant="light" icon={<IconLock size={18} />} title={t('companies.editor.lockedTitle')}>
            {lockedReason}
          </Alert>
        ) : null}
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <Stack gap="lg">
              <FormSection title={t('companies.editor.sections.general')}>
                <TextInput
                  label={t('companies.fields.name')}
                  required
                  disabled={locked}
                  autoComplete="off"
                  {...form.getInputProps('name')}
                />
                <Radio.Group label={t('companies.fields.sector')} required id="field-sector" {...form.getInputProps('sector')}>
                  <Group gap="lg" mt={6}>
                    {SECTORS.map((s) => (
                      <Radio key={s} value={s} label={t(`companies.sector.${s}`)} disabled={locked} />
                    ))}
                  </Group>
                </Radio.Group>
              </FormSection>
              <FormSection title={t('companies.editor.sections.contact')}>
                <TextInput
                  label={t('companies.fields.contactPerson')}
                  disabled={locked}
                  autoComplete="off"
                  {...form.getInputProps('contactPerson')}
                />
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput
                    label={t('companies.fields.email')}
                    type="email"
                    inputMode="email"
                    autoComplete="off"
                    disabled={locked}
                    {...form.getInputProps('email')}
                  />
                  <TextInput
                    label={t('companies.fields.phone')}
                    type="tel"
                    autoComplete="off"
                    disabled={locked}
                    {...form.getInputProps('phone')}
                  />
                </SimpleGrid>
              </FormSection>
              <FormSection title={t('companies.editor.sections.address')}>
                <Textarea
                  label={t('companies.fields.address')}
                  autosize
                  minRows={2}
                  maxRows={5}
                  disabled={locked}
                  {...form.getInputProps('address')}
                />
                <SimpleGrid cols={{ base: 1, sm: 3 }}>
                  <TextInput
                    label={t('companies.fields.zipcode')}
                    autoComplete="off"
                    disabled={locked}
                    {...form.getInputProps('zipcode')}
                  />
                  <TextInput
                    label={t('companies.fields.city')}
                    autoComplete="off"
                    disabled={locked}
                    {...form.getInputProps('city')}
                  />
                  <TextInput
                    label={t('companies.fields.country')}
                    autoComplete="off"
                    disabled={locked}
                    {...form.getInputProps('country')}
                  />
                </SimpleGrid>
              </FormSection>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <FormSection title={t('companies.editor.sections.brand')} description={t('companies.editor.brandIntro')}>
              <CompanyLogoField
                companyId={base?.id}
                name={v.name}
                logo={logo}
                primaryColor={v.primaryColor}
                canEdit={base ? base.abilities.canEdit : false}
                onChange={setLogo}
              />
              <ColorInput
                label={t('companies.fields.primaryColor')}
                description={t('companies.editor.primaryHint')}
                format="hex"
                swatches={PRIMARY_SWATCHES}
                swatchesPerRow={8}
                withEyeDropper={false}
                required
                disabled={locked}
                {...form.getInputProps('primaryColor')}
              />
              <ColorInput
                label={t('companies.fields.secondaryColor')}
                description={t('companies.editor.secondaryHint')}
                format="hex"
                swatches={SECONDARY_SWATCHES}
                swatchesPerRow={8}
                withEyeDropper={false}
                required
                disabled={locked}
                {...form.getInputProps('secondaryColor')}
              />
              <BrandPreview name={v.name} logo={logo} primaryColor={v.primaryColor} secondaryColor={v.secondaryColor} />
            </FormSection>
          </Grid.Col>
        </Grid>
        <Group justify="space-between" align="flex-start" gap="sm">
          {base ? (
            <Group gap="sm">
              <HistoryPanel subject="company" id={base.id} />
              {base.abilities.canActAs ? (
                <Button
                  variant="light"
                  leftSection={<IconLogin2 size={16} />}
                  loading={acting}
                  onClick={() => void handleActAs(base)}
                  aria-label={t('companies.actAs.buttonFor', { company: base.name })}
                >
                  {t('companies.actAs.button')}
                </Button>
              ) : null}
              {base.abilities.canArchive ? (
                <Button
                  variant="subtle"
                  color="gray"
                  leftSection={<IconArchive size={16} />}
                  onClick={() => void handleArchive(base)}
                  loading={archive.isPending}
                >
                  {t('companies.archive.button')}
                </Button>
              ) : null}
            </Group>
          ) : null}
          {locked ? null : (
            <EditorButtons editor={editor} ml="auto" createLabel={company ? undefined : t('companies.editor.create')} />
          )}
        </Group>
      </Stack>
    </form>
  );
}

/** company.create: a new company; once made, its page opens. */
export function CompanyCreatePage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('companies.editor.createTitle')} description={t('companies.editor.createIntro')} />
      <CompanyEditor />
    </>
  );
}

/**
 * company.details: the company's fields, its colours previewed, archive or restore and 'act as'.
 * When the company changes elsewhere (archived, restored) while the form has no unsaved changes,
 * the form starts again from the new copy; with unsaved changes it stays, and a save meets the
 * stale banner.
 */
export function CompanyDetailsPage() {
  const { t } = useTranslation();
  const id = Number(useParams().companyId);
  const company = useCompany(id);
  const loaded = company.data;
  const { shown, onDirtyChange } = useShownRecord(loaded);

  if (company.isLoading || (loaded && !shown)) {
    return (
      <Stack gap="lg" aria-busy="true">
        <Skeleton h={36} w={280} />
        <Skeleton h={220} />
        <Skeleton h={180} />
      </Stack>
    );
  }
  if (!shown) return <ErrorState error={company.error} onRetry={() => void company.refetch()} />;
  const current = loaded ?? shown;

  return (
    <>
      <CompanyHeader companyId={current.id}>
        <Group gap="xs" component="span">
          <Badge variant="light" color={current.sector === 'cruise' ? 'brand' : 'teal'} component="span">
            {t(`companies.sector.${current.sector}`)}
          </Badge>
          <Text size="sm" c="dimmed" component="span">
            {t('companies.editor.usersCount', { count: current.usersCount })}
          </Text>
        </Group>
      </CompanyHeader>
      <CompanyEditor
        key={`${shown.id}:${shown.version}`}
        company={shown}
        reload={async () => (await company.refetch()).data}
        onDirtyChange={onDirtyChange}
      />
    </>
  );
}
