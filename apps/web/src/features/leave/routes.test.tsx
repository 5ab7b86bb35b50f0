import { screen, waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { leaveRoutes } from './routes';

// The specification's singular setting/hours/... addresses (leave types, collective leave, hour
// rules and anything below) open the settings/hours/... pages, keeping the query.
const redirectRoute = leaveRoutes.find((r) => r.path === 'setting/hours/*') as RouteObject;

function open(url: string) {
  return renderWithProviders(null, {
    url,
    routes: [
      {
        path: '/',
        children: [
          redirectRoute,
          { path: 'settings/hours/*', element: <p data-testid="target">target</p> },
          { path: 'settings', element: <p data-testid="settings">settings</p> },
        ],
      },
    ],
  });
}

describe('setting/hours redirects', () => {
  it.each([
    ['/setting/hours/leave-types', '/settings/hours/leave-types', ''],
    ['/setting/hours/collective-leaves', '/settings/hours/collective-leaves', ''],
    ['/setting/hours/collective-leaves/12', '/settings/hours/collective-leaves/12', ''],
    ['/setting/hours/hour-rules', '/settings/hours/hour-rules', ''],
    ['/setting/hours/collective-leaves?year=2027', '/settings/hours/collective-leaves', '?year=2027'],
  ])('%s opens %s', async (from, to, search) => {
    const { router } = open(from);
    expect(await screen.findByTestId('target')).toBeInTheDocument();
    expect(router?.state.location.pathname).toBe(to);
    expect(router?.state.location.search).toBe(search);
  });

  it('sends setting/hours itself to the settings', async () => {
    const { router } = open('/setting/hours');
    expect(await screen.findByTestId('settings')).toBeInTheDocument();
    await waitFor(() => expect(router?.state.location.pathname).toBe('/settings'));
  });
});
