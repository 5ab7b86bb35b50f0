import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { PortalShell } from './PortalShell';

describe('the portal header on a phone', () => {
  it('closes the open menu on Escape and gives the focus back to the menu button', async () => {
    mockFetch(() => undefined);
    const { user } = renderWithProviders(
      <PortalShell homeTo="/" brand={null} links={[{ to: '/projects', label: 'Projecten' }]} actions={null}>
        <p>page</p>
      </PortalShell>,
      { path: '/' },
    );
    const toggle = await screen.findByTestId('mobile-menu-toggle');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(toggle).toHaveAttribute('aria-expanded', 'false'));
    expect(toggle).toHaveFocus();
  });
});
