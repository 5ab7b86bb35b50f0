import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../../test/render';
import { Completion } from './Completion';

describe('Completion (portal)', () => {
  it('counts the same things as the back office: 1 of 3 tasks and sub-tasks, 33%', async () => {
    renderWithProviders(<Completion completion={{ tasksDone: 1, tasksTotal: 1, subtasksDone: 0, subtasksTotal: 2 }} compact />);
    expect(await screen.findByText('1 van 3 taken en subtaken klaar')).toBeInTheDocument();
    expect(screen.getByText('33%')).toBeInTheDocument();
  });
});
