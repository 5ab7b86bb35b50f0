import type { FileInfo } from '@app/shared/files/files';
import type { Media } from '@app/shared/media/media';
import { PROJECT_PALETTE, projectColor } from '@app/shared/planner/planner.rules';
import { type NamedRef, type Project, type ProjectInput, projectInputSchema } from '@app/shared/projects/projects';
import { PROJECT_STATUSES, type ProjectStatus, type ProjectType } from '@app/shared/projects/projects.rules';
import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Checkbox,
  ColorInput,
  Grid,
  Group,
  MultiSelect,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconArchive, IconExternalLink, IconLock } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { confirmAction } from '../../../components/confirm';
import { DeleteButton } from '../../../components/DeleteButton';
import { EditorButtons } from '../../../components/EditorButtons';
import { FormSection } from '../../../components/FormSection';
import { HistoryPanel } from '../../../components/history/HistoryPanel';
import { ImagePickerField } from '../../../components/ImagePickerField';
import { PageHeader } from '../../../components/PageHeader';
import { useEditor } from '../../../components/use-editor';
import { useShownRecord } from '../../../components/use-shown-record';
import { deniedReason } from '../../../lib/abilities';
import { notifyError, useAttempt } from '../../../lib/attempt';
import { zodValidate } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { ProjectApprovals } from '../../drawings/components/ProjectApprovals';
import { useCompanyOptions, useCreateProject, useProject, useProjectTransitions, useUpdateProject } from '../api';
import { ProjectFilesField } from '../components/ProjectFilesField';
import { ProjectHeader } from '../components/ProjectHeader';
import { useEmployeeOptions } from '../employees-api';

interface Values {
  name: string;
  managerIds: number[];
  memberIds: number[];
  companyIds: number[];
  status: ProjectStatus;
  type: ProjectType;
  trimitId: string;
  notes: string;
  mapsLink: string;
  color: string;
  phone: string;
  contact: string;
  address: string;
  featuredImage: Media | null;
  attachments: FileInfo[];
}

const empty: Values = {
  name: '',
  managerIds: [],
  memberIds: [],
  companyIds: [],
  status: 'active',
  type: 'standard',
  trimitId: '',
  notes: '',
  mapsLink: '',
  color: '',
  phone: '',
  contact: '',
  address: '',
  featuredImage: null,
  attachments: [],
};

const toValues = (p: Project): Values => ({
  name: p.name,
  managerIds: p.managers.map((m) => m.id),
  memberIds: p.members.map((m) => m.id),
  companyIds: p.companies.map((c) => c.id),
  status: p.status,
  type: p.type,
  trimitId: p.trimitId,
  notes: p.notes,
  mapsLink: p.mapsLink,
  color: p.color,
  phone: p.phone,
  contact: p.contact,
  address: p.address,
  featuredImage: p.featuredImage,
  attachments: p.attachments,
});

const toInput = (v: Values): ProjectInput => ({
  name: v.name.trim(),
  managerIds: v.managerIds,
  memberIds: v.memberIds,
  companyIds: v.companyIds,
  status: v.status,
  type: v.type,
  trimitId: v.trimitId.trim(),
  notes: v.notes.trim(),
  mapsLink: v.mapsLink.trim(),
  color: v.color.trim().toLowerCase(),
  phone: v.phone.trim(),
  contact: v.contact.trim(),
  address: v.address.trim(),
  featuredMediaId: v.featuredImage?.id ?? null,
  attachmentIds: v.attachments.map((f) => f.id),
});

/** Server field paths that land on a form field of another name. */
const FIELD_RENAMES = { featuredMediaId: 'featuredImage', attachmentIds: 'attachments' } as const;

const isLink = (s: string) => /^https?:\/\/\S+$/i.test(s.trim());

/** Options for a picker: the loaded ones, plus the chosen ones the list no longer has (a name is never lost). */
function optionsOf(list: readonly NamedRef[] | undefined, known: readonly NamedRef[]) {
  const all = new Map<number, string>();
  for (const x of list ?? []) all.set(x.id, x.name);
  for (const x of known) if (!all.has(x.id)) all.set(x.id, x.name);
  return [...all].map(([value, label]) => ({ value, label }));
}

interface EditorProps {
  /** The project as loaded; none: a new one. */
  project?: Project;
  reload?: () => Promise<Project | undefined>;
  /** Tells the page whether the form has unsaved changes (it then keeps the form as it is when the project reloads). */
  onDirtyChange?: (dirty: boolean) => void;
}

/**
 * Every field of a project: name and project managers (required), attached users, status, type
 * (preferred), attached companies (detaching a saved one asks first), the featured image,
 * attachments, Trimit id, notes, maps link, phone, contact and address. Saves with the version
 * the edit is based on; archive and delete ask first and follow the server's abilities.
 */
export function ProjectEditor({ project, reload, onDirtyChange }: EditorProps) {
  const { t } = useTranslation();
  const attempt = useAttempt();
  const navigate = useNavigate();
  const employees = useEmployeeOptions();
  const companies = useCompanyOptions();
  const create = useCreateProject();
  const update = useUpdateProject(project?.id ?? 0);
  const { archive, remove, undo } = useProjectTransitions();
  const schemaCheck = zodValidate(projectInputSchema, t, { from: toInput, prefix: 'projects.validation', rename: FIELD_RENAMES });
  const editor = useEditor<Values, Project>({
    initialValues: project ? toValues(project) : empty,
    base: project,
    // The two rules the specification names get their own sentence; the rest speak the shared codes.
    validate: (v) => {
      const errors = schemaCheck(v);
      if (!v.name.trim()) errors.name = t('projects.validation.nameRequired');
      if (v.managerIds.length === 0) errors.managerIds = t('projects.validation.managersRequired');
      return errors;
    },
    fieldErrors: { prefix: 'projects.validation', rename: FIELD_RENAMES },
    save: (v, base) => (base ? update.mutateAsync({ ...toInput(v), version: base.version }) : create.mutateAsync(toInput(v))),
    toValues: project ? toValues : undefined,
    savedMessage: (p) => t(project ? 'projects.editor.saved' : 'projects.editor.created', { name: p.name }),
    onSaved: (p) => {
      if (!project) void navigate(`/projects/${p.id}/areas`);
    },
    reload,
  });
  const { form } = editor;
  const dirty = editor.isDirty;
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  const base = editor.base;
  const locked = base ? !base.abilities.canEdit : false;
  const lockedReason = base ? deniedReason(t, base.abilities, 'canEdit') : null;

  const employeeOptions = (known: readonly NamedRef[]) => optionsOf(employees.data, known);
  const companyOptions = optionsOf(companies.data, base?.companies ?? []);
  const companyName = (id: number) => companyOptions.find((c) => c.value === id)?.label ?? `#${id}`;

  /** Spec section 5: detaching a company the project is attached to asks first; a company only just picked goes at once. */
  const handleCompanies = async (next: number[]) => {
    const attached = new Set((base?.companies ?? []).map((c) => c.id));
    const detached = form.getValues().companyIds.filter((id) => !next.includes(id) && attached.has(id));
    if (detached.length > 0) {
      const ok = await confirmAction({
        title: t('projects.editor.detach.title'),
        message: t('projects.editor.detach.text', {
          count: detached.length,
          companies: detached.map(companyName).join(', '),
          project: base?.name ?? '',
        }),
        confirmLabel: t('projects.editor.detach.confirm'),
        danger: true,
      });
      if (!ok) return;
    }
    form.setFieldValue('companyIds', next);
  };

  const handleArchive = async (p: Project) => {
    const ok = await confirmAction({
      title: t('projects.archive.title'),
      message: t('projects.archive.text', { name: p.name }),
      confirmLabel: t('projects.archive.confirm'),
    });
    if (!ok) return;
    await attempt(
      async () => {
        await archive.mutateAsync({ id: p.id, version: p.version });
        notify.success(t('projects.archive.done', { name: p.name }));
      },
      { onStale: editor.markStale, staleToast: true },
    );
  };

  const handleDelete = async (p: Project) => {
    const ok = await confirmAction({
      title: t('projects.delete.title'),
      message: t('projects.delete.text', { name: p.name }),
      confirmLabel: t('common.actions.delete'),
      danger: true,
    });
    if (!ok) return;
    await attempt(
      async () => {
        await remove.mutateAsync({ id: p.id, version: p.version });
        notify.success(t('projects.delete.done', { name: p.name }), {
          action: {
            label: t('projects.undo'),
            onClick: () => {
              undo
                .mutateAsync(p.id)
                .then(() => notify.success(t('projects.restore.done', { name: p.name })))
                .catch((err: unknown) => notifyError(t, err));
            },
          },
        });
        editor.leave();
        void navigate('/projects', { replace: true });
      },
      { onStale: editor.markStale, staleToast: true },
    );
  };

  const mapsLink = form.values.mapsLink.trim();

  return (
    <form {...editor.formProps}>
      <Stack gap="lg">
        {editor.banner}
        {locked && lockedReason ? (
          <Alert color="gray" variant="light" icon={<IconLock size={18} />} title={t('projects.editor.lockedTitle')}>
            {lockedReason}
          </Alert>
        ) : null}
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <Stack gap="lg">
              <FormSection title={t('projects.editor.sections.general')}>
                <TextInput label={t('projects.fields.name')} required disabled={locked} {...form.getInputProps('name')} />
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <Select
                    label={t('projects.fields.status')}
                    description={t('projects.editor.statusHint')}
                    data={PROJECT_STATUSES.map((s) => ({ value: s, label: t(`projects.status.${s}`) }))}
                    allowDeselect={false}
                    disabled={locked}
                    {...form.getInputProps('status')}
                  />
                  <TextInput
                    label={t('projects.fields.trimitId')}
                    description={t('projects.editor.trimitHint')}
                    disabled={locked}
                    {...form.getInputProps('trimitId')}
                  />
                </SimpleGrid>
                <ColorInput
                  label={t('projects.fields.color')}
                  description={
                    form.values.color
                      ? t('projects.editor.colorHint')
                      : base
                        ? t('projects.editor.colorAuto', { color: projectColor({ id: base.id, color: '' }) })
                        : t('projects.editor.colorAutoNew')
                  }
                  format="hex"
                  swatches={[...PROJECT_PALETTE]}
                  swatchesPerRow={6}
                  placeholder={t('projects.editor.colorPlaceholder')}
                  withEyeDropper={false}
                  disabled={locked}
                  {...form.getInputProps('color')}
                />
                <Checkbox
                  label={t('projects.type.preferred')}
                  description={t('projects.editor.preferredHint')}
                  checked={form.values.type === 'preferred'}
                  onChange={(e) => form.setFieldValue('type', e.currentTarget.checked ? 'preferred' : 'standard')}
                  disabled={locked}
                />
                <Textarea
                  label={t('projects.fields.notes')}
                  autosize
                  minRows={3}
                  maxRows={16}
                  disabled={locked}
                  {...form.getInputProps('notes')}
                />
              </FormSection>
              <FormSection title={t('projects.editor.sections.people')} description={t('projects.editor.peopleIntro')}>
                <MultiSelect<number>
                  label={t('projects.fields.managers')}
                  required
                  data={employeeOptions(base?.managers ?? [])}
                  searchable
                  hidePickedOptions
                  nothingFoundMessage={employees.isLoading ? t('common.states.loading') : t('projects.editor.nobodyFound')}
                  placeholder={form.values.managerIds.length ? undefined : t('projects.editor.chooseEmployees')}
                  disabled={locked}
                  {...form.getInputProps('managerIds')}
                />
                <MultiSelect<number>
                  label={t('projects.fields.members')}
                  description={t('projects.editor.membersHint')}
                  data={employeeOptions(base?.members ?? [])}
                  searchable
                  hidePickedOptions
                  clearable
                  nothingFoundMessage={employees.isLoading ? t('common.states.loading') : t('projects.editor.nobodyFound')}
                  placeholder={form.values.memberIds.length ? undefined : t('projects.editor.chooseEmployees')}
                  disabled={locked}
                  {...form.getInputProps('memberIds')}
                />
                <MultiSelect<number>
                  label={t('projects.fields.companies')}
                  description={companies.error ? t('projects.editor.companiesUnavailable') : t('projects.editor.companiesHint')}
                  data={companyOptions}
                  searchable
                  hidePickedOptions
                  nothingFoundMessage={companies.isLoading ? t('common.states.loading') : t('projects.editor.noCompanyFound')}
                  placeholder={form.values.companyIds.length ? undefined : t('projects.editor.chooseCompanies')}
                  disabled={locked}
                  value={form.values.companyIds}
                  onChange={(next) => void handleCompanies(next)}
                  error={form.errors.companyIds}
                />
              </FormSection>
              <FormSection title={t('projects.editor.sections.contact')}>
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextInput label={t('projects.fields.contact')} disabled={locked} {...form.getInputProps('contact')} />
                  <TextInput
                    label={t('projects.fields.phone')}
                    type="tel"
                    autoComplete="off"
                    disabled={locked}
                    {...form.getInputProps('phone')}
                  />
                </SimpleGrid>
                <Textarea
                  label={t('projects.fields.address')}
                  autosize
                  minRows={2}
                  maxRows={5}
                  disabled={locked}
                  {...form.getInputProps('address')}
                />
                <TextInput
                  label={t('projects.fields.mapsLink')}
                  description={t('projects.editor.mapsHint')}
                  type="url"
                  inputMode="url"
                  placeholder="https://maps.google.com/…"
                  disabled={locked}
                  rightSectionPointerEvents="all"
                  rightSection={
                    isLink(mapsLink) ? (
                      <Tooltip label={t('projects.editor.openMaps')}>
                        <ActionIcon
                          component="a"
                          href={mapsLink}
                          target="_blank"
                          rel="noopener noreferrer"
                          variant="subtle"
                          aria-label={t('projects.editor.openMaps')}
                        >
                          <IconExternalLink size={16} />
                        </ActionIcon>
                      </Tooltip>
                    ) : null
                  }
                  {...form.getInputProps('mapsLink')}
                />
              </FormSection>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Stack gap="lg">
              <FormSection title={t('projects.editor.sections.files')}>
                {locked ? (
                  <Text size="sm" c="dimmed">
                    {form.values.featuredImage?.originalName ?? t('common.media.none')}
                  </Text>
                ) : (
                  <ImagePickerField
                    label={t('projects.fields.featuredImage')}
                    description={t('projects.editor.imageHint')}
                    value={form.values.featuredImage}
                    onChange={(m) => form.setFieldValue('featuredImage', m)}
                    error={form.errors.featuredImage}
                    id="field-featuredImage"
                  />
                )}
                <ProjectFilesField
                  label={t('projects.fields.attachments')}
                  value={form.values.attachments}
                  onChange={(files) => form.setFieldValue('attachments', files)}
                  error={form.errors.attachments}
                  disabled={locked}
                  id="field-attachments"
                />
              </FormSection>
            </Stack>
          </Grid.Col>
        </Grid>
        <Group justify="space-between" align="flex-start" gap="sm">
          {base ? (
            <Group gap="sm">
              <HistoryPanel subject="project" id={base.id} />
              {base.abilities.canArchive ? (
                <Button
                  variant="subtle"
                  color="gray"
                  leftSection={<IconArchive size={16} />}
                  onClick={() => void handleArchive(base)}
                  loading={archive.isPending}
                >
                  {t('projects.archive.button')}
                </Button>
              ) : null}
              {base.abilities.canDelete ? (
                <DeleteButton
                  label={t('common.actions.delete')}
                  onClick={() => void handleDelete(base)}
                  loading={remove.isPending}
                />
              ) : null}
            </Group>
          ) : null}
          {locked ? null : (
            <EditorButtons editor={editor} ml="auto" createLabel={project ? undefined : t('projects.editor.create')} />
          )}
        </Group>
      </Stack>
    </form>
  );
}

/** projects.create: a new project; after it is made, its areas open. */
export function ProjectCreatePage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('projects.editor.createTitle')} description={t('projects.editor.createIntro')} />
      <ProjectEditor />
    </>
  );
}

/**
 * projects.details ('Gegevens', a tab of the project): the project's fields under its header. When
 * the project changes elsewhere (archived, restored) while the form has no unsaved changes, the form
 * starts again from the new copy; with unsaved changes it stays, and a save meets the stale banner.
 */
export function ProjectDetailsPage() {
  const id = Number(useParams().projectId);
  const project = useProject(id);
  const loaded = project.data;
  const { shown, onDirtyChange } = useShownRecord(loaded);

  return (
    <>
      <ProjectHeader projectId={id} />
      {project.isLoading || (loaded && !shown) ? (
        <Stack gap="lg" aria-busy="true">
          <Skeleton h={220} />
          <Skeleton h={180} />
        </Stack>
      ) : shown ? (
        <ProjectEditor
          key={`${shown.id}:${shown.version}`}
          project={shown}
          reload={async () => (await project.refetch()).data}
          onDirtyChange={onDirtyChange}
        />
      ) : null}
      {shown ? (
        <Box mt="lg">
          <ProjectApprovals side="staff" projectId={id} />
        </Box>
      ) : null}
    </>
  );
}
