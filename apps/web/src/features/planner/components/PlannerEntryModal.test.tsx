import type { PlannerEntry } from '@app/shared/planner/planner';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { json, mockFetch, noContent } from '../../../../test/fetch';
import { mockNotify } from '../../../../test/notify';
import { renderWithProviders } from '../../../../test/render';
import { plannerEntry, plannerOptions } from '../planner-fixtures';
import { type NewPlannerEntry, PlannerEntryModal } from './PlannerEntryModal';

const notify = mockNotify();

function open(editing: PlannerEntry | NewPlannerEntry) {
  const f = mockFetch((req) => {
    if (req.path === '/api/planner' && req.method === 'POST') return json(201, { data: plannerEntry({ id: 50 }) });
    if (req.path === '/api/planner/41' && req.method === 'PATCH') return json(200, { data: plannerEntry({ version: 3 }) });
    if (req.path === '/api/planner/41' && req.method === 'DELETE') return noContent();
    return undefined;
  });
  const onClose = vi.fn();
  const view = renderWithProviders(<PlannerEntryModal editing={editing} options={plannerOptions()} onClose={onClose} />, {
    path: '/planner',
  });
  return { ...view, f, onClose };
}

const field = (dialog: HTMLElement, label: RegExp) => within(dialog).getByLabelText(label, { selector: 'input' });

beforeEach(() => {
  setXsrfCookie('tok');
  notify.success.mockClear();
});

describe('PlannerEntryModal', () => {
  it('plans a person all week: from the first day at midnight to the midnight after the last', async () => {
    const { f, onClose, user } = open({ employeeId: 8, start: '2026-11-23T00:00', end: '2026-11-28T00:00', allDay: true });
    const dialog = await screen.findByRole('dialog', { name: 'Nieuwe planning' });
    expect(field(dialog, /Eerste dag/)).toHaveValue('23-11-2026');
    expect(field(dialog, /Laatste dag/)).toHaveValue('27-11-2026');
    await user.click(within(dialog).getByRole('combobox', { name: 'Project' }));
    await user.click(await screen.findByRole('option', { name: 'Dunes Resort' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Notities' }), 'Hutten dek 5');
    await user.click(within(dialog).getByRole('button', { name: 'Inplannen' }));
    await waitFor(() => expect(f.to('/api/planner', 'POST')).toHaveLength(1));
    expect(f.to('/api/planner', 'POST')[0]?.body).toEqual({
      employeeId: 8,
      projectId: 4,
      allDay: true,
      start: '2026-11-23T00:00',
      end: '2026-11-28T00:00',
      notes: 'Hutten dek 5',
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(notify.success).toHaveBeenCalledWith('Daan de Vries is ingepland op Nordic Star.');
  });

  it('checks times with the shared rules before sending: an end before the start is refused on its field', async () => {
    const { f, user } = open({ employeeId: 7, projectId: 3, start: '2026-11-24T08:00', end: '2026-11-24T16:00', allDay: false });
    const dialog = await screen.findByRole('dialog', { name: 'Nieuwe planning' });
    fireEvent.change(field(dialog, /Eindtijd/), { target: { value: '07:00' } });
    await user.click(within(dialog).getByRole('button', { name: 'Inplannen' }));
    expect(await within(dialog).findByText('Het einde moet na het begin liggen.')).toBeInTheDocument();
    expect(field(dialog, /Einddatum/)).toHaveAttribute('aria-invalid', 'true');
    expect(f.to('/api/planner', 'POST')).toHaveLength(0);
  });

  it('keeps an archived project on an entry that has it, and saves with the version', async () => {
    const entry = plannerEntry({ project: { id: 5, name: 'Oud project', color: '#a23b72' } });
    const { f, user } = open(entry);
    const dialog = await screen.findByRole('dialog', { name: 'Planning bewerken' });
    expect(within(dialog).getByRole('combobox', { name: 'Project' })).toHaveValue('Oud project (gearchiveerd)');
    await user.click(within(dialog).getByRole('switch', { name: 'Hele dag' }));
    expect(field(dialog, /Eerste dag/)).toHaveValue('24-11-2026');
    expect(field(dialog, /Laatste dag/)).toHaveValue('24-11-2026');
    await user.click(within(dialog).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() => expect(f.to('/api/planner/41', 'PATCH')).toHaveLength(1));
    expect(f.to('/api/planner/41', 'PATCH')[0]?.body).toEqual({
      employeeId: 7,
      projectId: 5,
      allDay: true,
      start: '2026-11-24T00:00',
      end: '2026-11-25T00:00',
      notes: '',
      version: 2,
    });
  });

  it('deletes after a question, with the version', async () => {
    const { f, onClose, user } = open(plannerEntry());
    const dialog = await screen.findByRole('dialog', { name: 'Planning bewerken' });
    await user.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    const question = await screen.findByRole('dialog', { name: 'Planning verwijderen?' });
    expect(question).toHaveTextContent('De planning van Daan de Vries op Nordic Star (di 24-11-2026) wordt verwijderd.');
    await user.click(within(question).getByRole('button', { name: 'Verwijderen' }));
    await waitFor(() => expect(f.to('/api/planner/41', 'DELETE')).toHaveLength(1));
    expect(f.to('/api/planner/41', 'DELETE')[0]?.query.get('version')).toBe('2');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('only shows an entry to someone who may not change it', async () => {
    open(
      plannerEntry({
        abilities: { canEdit: false, canDelete: false, reasons: { canEdit: 'FORBIDDEN', canDelete: 'FORBIDDEN' } },
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Planning' });
    expect(within(dialog).getByRole('combobox', { name: 'Medewerker' })).toBeDisabled();
    expect(field(dialog, /Begintijd/)).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: 'Opslaan' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Verwijderen' })).toBeNull();
    expect(within(dialog).getByText(/Je kunt deze planning alleen bekijken/)).toBeInTheDocument();
  });
});
