import type { Drawing, DrawingInput, DrawingUpdate } from '@app/shared/drawings/drawings';
import type { FileInfo } from '@app/shared/files/files';
import type { NamedRef } from '@app/shared/projects/projects';
import { Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import type { FormErrors, GetInputPropsReturnType, UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/dates/DateField';
import { AssigneeSelect } from '../../projects/components/AssigneeSelect';
import { ApprovalFields, type ApprovalValues, approvalInput, approvalToValues, emptyApproval } from './ApprovalFields';
import { AreaSelect } from './AreaSelect';
import { DrawingFileField } from './DrawingFileField';

export interface DrawingValues extends ApprovalValues {
  name: string;
  description: string;
  companyId: string | null;
  drawingDate: string;
  employeeId: number | null;
  areaId: string | null;
  /** Creating only: the first version's media and notes. */
  file: FileInfo | null;
  notes: string;
}

/** Today's date in the browser's time zone, as YYYY-MM-DD: a new drawing's date. */
export const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

export const emptyDrawing = (companies: NamedRef[]): DrawingValues => ({
  name: '',
  description: '',
  // One client on the project: it is the one.
  companyId: companies.length === 1 && companies[0] ? String(companies[0].id) : null,
  drawingDate: today(),
  employeeId: null,
  areaId: null,
  file: null,
  notes: '',
  ...emptyApproval(),
});

export const drawingToValues = (d: Drawing): DrawingValues => ({
  name: d.name,
  description: d.description,
  companyId: String(d.company.id),
  drawingDate: d.drawingDate,
  employeeId: d.employee?.id ?? null,
  areaId: d.area ? String(d.area.id) : null,
  file: null,
  notes: '',
  ...approvalToValues(d),
});

const fields = (v: DrawingValues) => ({
  name: v.name,
  description: v.description,
  companyId: v.companyId ? Number(v.companyId) : (null as unknown as number),
  drawingDate: v.drawingDate,
  employeeId: v.employeeId,
  areaId: v.areaId ? Number(v.areaId) : null,
  ...approvalInput(v),
});

export const toCreateInput = (v: DrawingValues): DrawingInput => ({
  ...fields(v),
  fileId: v.file?.id ?? (null as unknown as number),
  notes: v.notes,
});

export const toUpdateInput = (v: DrawingValues, version: number): DrawingUpdate => ({ ...fields(v), version });

/** Server and schema paths onto the form's fields. */
export const FIELD_ERRORS = { prefix: 'drawings.validation', rename: { fileId: 'file' } };

/** What the staff and the portal drawing forms share: the fields both have, as the form gives them. */
interface SharedForm {
  values: { file: FileInfo | null };
  errors: FormErrors;
  getInputProps: (field: 'name' | 'description' | 'drawingDate' | 'notes') => GetInputPropsReturnType;
  setFieldValue: (field: 'file', value: FileInfo | null) => void;
}

/**
 * Name, description and the drawing's date beside `party` (staff: the client; the portal: the
 * project): the fields both sides' drawing forms have.
 */
export function DrawingBasicsFields({ form, party }: { form: SharedForm; party: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <TextInput label={t('drawings.fields.name')} required maxLength={200} {...form.getInputProps('name')} />
      <Textarea
        label={t('drawings.fields.description')}
        autosize
        minRows={3}
        maxRows={10}
        maxLength={10_000}
        {...form.getInputProps('description')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {party}
        <DateField label={t('drawings.fields.date')} required {...form.getInputProps('drawingDate')} />
      </SimpleGrid>
    </>
  );
}

/** Creating a drawing, on either side: the first version's file and its notes. */
export function FirstVersionFields({
  form,
  notesHelp,
  onUploadBusy,
}: {
  form: SharedForm;
  notesHelp: string;
  onUploadBusy?: ((busy: boolean) => void) | undefined;
}) {
  const { t } = useTranslation();
  return (
    <>
      <DrawingFileField
        label={t('drawings.fields.media')}
        required
        value={form.values.file}
        onChange={(f) => form.setFieldValue('file', f)}
        error={form.errors.file}
        onBusyChange={onUploadBusy}
      />
      <Textarea
        label={t('drawings.fields.notes')}
        description={notesHelp}
        autosize
        minRows={2}
        maxRows={8}
        maxLength={5_000}
        {...form.getInputProps('notes')}
      />
    </>
  );
}

interface Props {
  form: UseFormReturnType<DrawingValues>;
  projectId: number;
  /** The companies attached to the project: the drawing's client is one of them. */
  companies: NamedRef[];
  /** The drawing as loaded: its client and employee shown even when no longer among the choices. */
  current?: Drawing;
  creating?: boolean;
  onUploadBusy?: (busy: boolean) => void;
}

/** Name, description, client, date, employee and area; creating adds the media and the first version's notes. */
export function DrawingFields({ form, projectId, companies, current, creating, onUploadBusy }: Props) {
  const { t } = useTranslation();
  const companyData = companies.map((c) => ({ value: String(c.id), label: c.name }));
  if (current && !companies.some((c) => c.id === current.company.id)) {
    companyData.unshift({ value: String(current.company.id), label: current.company.name });
  }
  const employee = form.getInputProps('employeeId');
  const area = form.getInputProps('areaId');
  return (
    <Stack gap="md">
      <DrawingBasicsFields
        form={form}
        party={
          <Select
            label={t('drawings.fields.client')}
            description={companies.length === 0 ? t('drawings.fields.noClients') : undefined}
            placeholder={t('drawings.fields.clientPlaceholder')}
            data={companyData}
            required
            searchable
            {...form.getInputProps('companyId')}
          />
        }
      />
      <AssigneeSelect
        label={t('drawings.fields.employee')}
        value={form.values.employeeId}
        onChange={(id) => form.setFieldValue('employeeId', id)}
        onBlur={employee.onBlur}
        error={employee.error}
        current={current?.employee ?? null}
      />
      <AreaSelect
        side="staff"
        projectId={projectId}
        value={form.values.areaId}
        onChange={(v) => form.setFieldValue('areaId', v)}
        onBlur={area.onBlur}
        error={area.error}
        current={current?.area ?? null}
      />
      <ApprovalFields form={form} current={current} />
      {creating ? (
        <FirstVersionFields form={form} notesHelp={t('drawings.fields.notesHelp')} onUploadBusy={onUploadBusy} />
      ) : null}
    </Stack>
  );
}
