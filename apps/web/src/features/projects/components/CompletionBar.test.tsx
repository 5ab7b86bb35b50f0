import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { CompletionBar } from './CompletionBar';

describe('CompletionBar', () => {
  it('names what the percentage counts: one task done, its two sub-tasks open is 1 of 3 tasks and sub-tasks, 33%', async () => {
    renderWithProviders(<CompletionBar completion={{ tasksDone: 1, tasksTotal: 1, subtasksDone: 0, subtasksTotal: 2 }} />);
    expect(await screen.findByText('1 van 3 taken en subtaken klaar')).toBeInTheDocument();
    expect(screen.getByText('33%')).toBeInTheDocument();
    expect(
      screen.getByRole('progressbar', { name: 'Voortgang: 33% klaar (1 van 3 taken en subtaken klaar)' }),
    ).toBeInTheDocument();
  });

  it('says tasks only when there are no sub-tasks', async () => {
    renderWithProviders(<CompletionBar completion={{ tasksDone: 1, tasksTotal: 1, subtasksDone: 0, subtasksTotal: 0 }} />);
    expect(await screen.findByText('1 van 1 taak klaar')).toBeInTheDocument();
    expect(screen.getByText('100%')).toBeInTheDocument();
  });
});
