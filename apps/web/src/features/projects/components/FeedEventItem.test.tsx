import type { FeedEvent } from '@app/shared/projects/feed';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../../test/i18n';
import { renderWithProviders } from '../../../../test/render';
import { feedEvent } from '../project-fixtures';
import { FeedEventItem } from './FeedEventItem';

const NOW = new Date('2026-02-01T09:05:00.000Z');

function renderEvent(e: FeedEvent) {
  return renderWithProviders(
    <ul>
      <FeedEventItem projectId={3} event={e} now={NOW} />
    </ul>,
    { path: '/' },
  );
}

const cases: { name: string; event: Partial<FeedEvent>; nl: string; en: string; href: string | null }[] = [
  {
    name: 'area completed',
    event: { kind: 'area.completed', subjectType: 'area', subjectId: 7, subjectName: 'Hut 5001', taskId: null },
    nl: 'Ruimte ‘Hut 5001’ afgerond',
    en: 'Area ‘Hut 5001’ completed',
    href: '/projects/3/areas/7',
  },
  {
    name: 'area reopened',
    event: { kind: 'area.opened', subjectType: 'area', subjectId: 7, subjectName: 'Hut 5001', taskId: null },
    nl: 'Ruimte ‘Hut 5001’ heropend',
    en: 'Area ‘Hut 5001’ reopened',
    href: '/projects/3/areas/7',
  },
  {
    name: 'task completed',
    event: { kind: 'task.completed' },
    nl: 'Taak ‘Meubilair plaatsen’ afgerond',
    en: 'Task ‘Meubilair plaatsen’ completed',
    href: '/projects/3/areas/7/task/40',
  },
  {
    name: 'task reopened',
    event: { kind: 'task.opened' },
    nl: 'Taak ‘Meubilair plaatsen’ heropend',
    en: 'Task ‘Meubilair plaatsen’ reopened',
    href: '/projects/3/areas/7/task/40',
  },
  {
    name: 'sub-task closed',
    event: { kind: 'subtask.completed', subjectType: 'subtask', subjectId: 90, subjectName: 'Kast monteren' },
    nl: 'Subtaak ‘Kast monteren’ gesloten',
    en: 'Sub-task ‘Kast monteren’ closed',
    href: '/projects/3/areas/7/task/40/subtask/90',
  },
  {
    name: 'sub-task opened',
    event: { kind: 'subtask.opened', subjectType: 'subtask', subjectId: 90, subjectName: 'Kast monteren' },
    nl: 'Subtaak ‘Kast monteren’ geopend',
    en: 'Sub-task ‘Kast monteren’ opened',
    href: '/projects/3/areas/7/task/40/subtask/90',
  },
  {
    name: 'ticket created',
    event: { kind: 'ticket.created', subjectType: 'ticket', subjectId: 21, subjectName: 'Lamp stuk' },
    nl: 'Ticket ‘Lamp stuk’ aangemaakt',
    en: 'Ticket ‘Lamp stuk’ created',
    href: '/projects/3/tickets/21',
  },
  {
    name: 'ticket updated',
    event: { kind: 'ticket.updated', subjectType: 'ticket', subjectId: 21, subjectName: 'Lamp stuk', data: { priority: 'high' } },
    nl: 'Ticket ‘Lamp stuk’ bijgewerkt',
    en: 'Ticket ‘Lamp stuk’ updated',
    href: '/projects/3/tickets/21',
  },
  {
    name: 'ticket closed',
    event: { kind: 'ticket.updated', subjectType: 'ticket', subjectId: 21, subjectName: 'Lamp stuk', data: { status: 'closed' } },
    nl: 'Ticket ‘Lamp stuk’ gesloten',
    en: 'Ticket ‘Lamp stuk’ closed',
    href: '/projects/3/tickets/21',
  },
  {
    name: 'ticket reopened',
    event: { kind: 'ticket.updated', subjectType: 'ticket', subjectId: 21, subjectName: 'Lamp stuk', data: { status: 'open' } },
    nl: 'Ticket ‘Lamp stuk’ heropend',
    en: 'Ticket ‘Lamp stuk’ reopened',
    href: '/projects/3/tickets/21',
  },
];

describe('FeedEventItem', () => {
  for (const c of cases) {
    it(`says "${c.nl}" for ${c.name}, linking to it`, async () => {
      const e = feedEvent(c.event);
      const { unmount } = renderEvent(e);
      expect(screen.getByText((_, el) => el?.tagName === 'P' && el.textContent === c.nl)).toBeInTheDocument();
      const link = screen.getByRole('link', { name: e.subjectName });
      expect(link).toHaveAttribute('href', c.href);
      unmount();
      await i18n.changeLanguage('en');
      renderEvent(e);
      expect(screen.getByText((_, el) => el?.tagName === 'P' && el.textContent === c.en)).toBeInTheDocument();
    });
  }

  it('names who did it, on behalf of which company, and when (relative, exact beside it)', () => {
    renderEvent(feedEvent({ who: 'Sanne de Vries', actingFor: 'Nordic Star Cruises' }));
    expect(screen.getByText(/Sanne de Vries namens Nordic Star Cruises/)).toBeInTheDocument();
    const time = screen.getByText('5 minuten geleden');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('dateTime', '2026-02-01T09:00:00.000Z');
    expect(time).toHaveAttribute('title', expect.stringMatching(/^01-02-2026 \d\d:00$/));
  });

  it('shows the name without a link when the task is not known any more', () => {
    renderEvent(feedEvent({ areaId: null }));
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByText('Meubilair plaatsen')).toBeInTheDocument();
  });
});
