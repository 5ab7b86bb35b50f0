import { screen, waitFor, within } from '@testing-library/react';
import { Link, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { useUnsavedChanges } from './useUnsavedChanges';

function Editor({ dirty }: { dirty: boolean }) {
  useUnsavedChanges(dirty);
  return (
    <>
      <h1>Editor</h1>
      <Link to="/elsewhere">Weg</Link>
      <Link to="/editor?tab=2">Tab</Link>
    </>
  );
}

const open = (dirty: boolean) =>
  renderWithProviders(null, {
    url: '/editor',
    routes: [
      { path: '/editor', element: <Editor dirty={dirty} /> },
      { path: '/elsewhere', element: <h1>Elders</h1> },
    ],
  });

describe('useUnsavedChanges', () => {
  it('lets a clean editor go without asking', async () => {
    const { user } = open(false);
    await user.click(screen.getByRole('link', { name: 'Weg' }));
    expect(await screen.findByRole('heading', { name: 'Elders' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks before leaving with unsaved changes, and stays when cancelled', async () => {
    const { user, router } = open(true);
    await user.click(screen.getByRole('link', { name: 'Weg' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Wijzigingen niet opgeslagen')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Annuleren' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router?.state.location.pathname).toBe('/editor');
    expect(screen.getByRole('heading', { name: 'Editor' })).toBeInTheDocument();
  });

  it("leaves after 'Pagina verlaten'", async () => {
    const { user, router } = open(true);
    await user.click(screen.getByRole('link', { name: 'Weg' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Pagina verlaten' }));
    expect(await screen.findByRole('heading', { name: 'Elders' })).toBeInTheDocument();
    expect(router?.state.location.pathname).toBe('/elsewhere');
  });

  it('does not ask for a change of query string on the same screen', async () => {
    const { user, router } = open(true);
    await user.click(screen.getByRole('link', { name: 'Tab' }));
    await waitFor(() => expect(router?.state.location.search).toBe('?tab=2'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks a function at the moment of leaving, so a save that navigates at once is not asked about', async () => {
    let dirty = true;
    function Saver() {
      const navigate = useNavigate();
      useUnsavedChanges(() => dirty);
      return (
        <button
          type="button"
          onClick={() => {
            dirty = false; // saved: nothing is lost, and React has not re-rendered yet
            void navigate('/elsewhere');
          }}
        >
          Opslaan
        </button>
      );
    }
    const { user } = renderWithProviders(null, {
      url: '/editor',
      routes: [
        { path: '/editor', element: <Saver /> },
        { path: '/elsewhere', element: <h1>Elders</h1> },
      ],
    });
    await user.click(screen.getByRole('button', { name: 'Opslaan' }));
    expect(await screen.findByRole('heading', { name: 'Elders' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks the browser before closing the tab only while dirty', () => {
    const view = open(false);
    const clean = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);
    view.unmount();

    open(true);
    const dirty = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);
  });
});
