import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import type { OutboxEntry } from '../outbox';
import { OutboxList } from './OutboxList';

const entry = (o: Partial<OutboxEntry> & Pick<OutboxEntry, 'id'>): OutboxEntry =>
  ({
    kind: 'hours',
    input: { date: '2026-12-01', projectId: 7, minutes: 480, activity: 'installation', notes: '' },
    accountId: 5,
    key: `key-${o.id}`,
    createdAt: '2026-12-01T08:00:00Z',
    labels: { project: 'MS Noordam' },
    photo: null,
    state: 'waiting',
    refusal: null,
    attempts: 0,
    lastTriedAt: null,
    ...o,
  }) as OutboxEntry;

describe('OutboxList', () => {
  it('lists what waits, and a refused entry with the server’s reason, Corrigeren and Verwijderen', async () => {
    const onCorrect = vi.fn();
    const refused = entry({ id: 'b', state: 'refused', refusal: { status: 409, code: 'HOURS_DAY_FULL' } });
    renderWithProviders(
      <OutboxList
        entries={[
          entry({ id: 'a' }),
          entry({
            id: 'c',
            kind: 'overnight',
            input: { date: '2026-12-01', projectId: 7, nights: 2, location: 'Hotel Den Helder', notes: '' },
          }),
          refused,
        ]}
        onCorrect={onCorrect}
      />,
      { path: '/field' },
    );
    const list = await screen.findByRole('region', { name: 'Wacht op verzending' });
    expect(within(list).getAllByTestId('outbox-entry')).toHaveLength(3);
    expect(within(list).getAllByText('Wacht')).toHaveLength(2);
    expect(within(list).getByText('2 nachten, Hotel Den Helder')).toBeInTheDocument();
    expect(within(list).getByText('Geweigerd: Met deze uren komt de dag boven de 24 uur.')).toBeInTheDocument();
    await userEvent.click(within(list).getByRole('button', { name: '8:00 op MS Noordam corrigeren' }));
    expect(onCorrect).toHaveBeenCalledWith(refused);
    await userEvent.click(within(list).getByRole('button', { name: '8:00 op MS Noordam verwijderen' }));
    expect(await screen.findByRole('dialog', { name: 'Niet versturen?' })).toBeInTheDocument();
  });

  it('shows nothing when nothing waits', () => {
    renderWithProviders(<OutboxList entries={[]} onCorrect={() => {}} />, { path: '/field' });
    expect(screen.queryByRole('region', { name: 'Wacht op verzending' })).toBeNull();
  });
});
