import { screen, waitFor } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod';
import { mockNotify } from '../../test/notify';
import { renderWithProviders } from '../../test/render';
import { ApiError } from '../lib/api';
import { zodValidate } from '../lib/form';
import { useEditor } from './use-editor';

const notify = mockNotify();

const schema = z.object({ name: z.string().trim().min(1), code: z.string().trim().min(2) });
type Values = z.infer<typeof schema>;
interface Saved extends Values {
  id: number;
  version: number;
}

function Editor({ save, after }: { save: (v: Values, base: Saved | undefined) => Promise<Saved>; after?: 'leave' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const editor = useEditor<Values, Saved>({
    initialValues: { name: '', code: '' },
    base: { id: 1, name: '', code: '', version: 3 },
    validate: zodValidate(schema, t),
    save,
    toValues: ({ name, code }) => ({ name, code }),
    savedMessage: (s) => `Saved ${s.name}`,
    onSaved: () => {
      if (after === 'leave') void navigate('/elsewhere');
    },
  });
  return (
    <form {...editor.formProps}>
      <label>
        Name
        <input {...editor.form.getInputProps('name')} aria-invalid={editor.form.errors.name ? true : undefined} />
      </label>
      {editor.form.errors.name ? <p>{String(editor.form.errors.name)}</p> : null}
      <label>
        Code
        <input {...editor.form.getInputProps('code')} aria-invalid={editor.form.errors.code ? true : undefined} />
      </label>
      {editor.form.errors.code ? <p>{String(editor.form.errors.code)}</p> : null}
      <button type="submit">Save</button>
      <Link to="/elsewhere">Away</Link>
    </form>
  );
}

function open(save: (v: Values, base: Saved | undefined) => Promise<Saved>, after?: 'leave') {
  return renderWithProviders(null, {
    url: '/editor',
    routes: [
      { path: '/editor', element: <Editor save={save} after={after} /> },
      { path: '/elsewhere', element: <h1>Elsewhere</h1> },
    ],
  });
}

const saved = (v: Values, base?: Saved): Saved => ({ id: 1, ...v, version: (base?.version ?? 0) + 1 });

beforeEach(() => vi.clearAllMocks());

describe('useEditor', () => {
  it('checks a field when it is left after a change, never when it is only tabbed past', async () => {
    const { user } = open(async (v, base) => saved(v, base));
    const name = screen.getByLabelText('Name');
    await user.click(name);
    await user.tab();
    expect(screen.queryByText('Dit veld is verplicht.')).not.toBeInTheDocument();

    await user.click(screen.getByLabelText('Code'));
    await user.paste('x');
    await user.tab();
    expect(await screen.findByText('Gebruik minstens 2 tekens.')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Code'));
    await user.paste('y');
    await waitFor(() => expect(screen.queryByText('Gebruik minstens 2 tekens.')).not.toBeInTheDocument());
  });

  it('sends the version it is based on, then the saved one, and says it saved', async () => {
    const save = vi.fn(async (v: Values, base: Saved | undefined) => saved(v, base));
    const { user } = open(save);
    await user.click(screen.getByLabelText('Name'));
    await user.paste('Plaat');
    await user.click(screen.getByLabelText('Code'));
    await user.paste('PL');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Saved Plaat'));
    await user.click(screen.getByLabelText('Name'));
    await user.paste(' 2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(2));
    expect(save.mock.calls.map((c) => c[1]?.version)).toEqual([3, 4]);
  });

  it('takes an error toast away as soon as the next submit passes its checks', async () => {
    let fail = true;
    const { user } = open(async (v, base) => {
      if (fail) throw new ApiError(0, null, 'NETWORK');
      return saved(v, base);
    });
    await user.click(screen.getByLabelText('Name'));
    await user.paste('Plaat');
    await user.click(screen.getByLabelText('Code'));
    await user.paste('PL');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledTimes(1));
    const id = (notify.error.mock.calls[0]?.[1] as { id: string } | undefined)?.id;
    expect(id).toBeTruthy();

    fail = false;
    notify.dismiss.mockClear();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalled());
    expect(notify.dismiss).toHaveBeenCalledWith(id);
  });

  it('asks before leaving with unsaved changes, but not when a save navigates away', async () => {
    const { user, router } = open(async (v, base) => saved(v, base), 'leave');
    await user.click(screen.getByLabelText('Name'));
    await user.paste('Plaat');
    await user.click(screen.getByRole('link', { name: 'Away' }));
    expect(await screen.findByRole('dialog', { name: 'Wijzigingen niet opgeslagen' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Annuleren' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByLabelText('Code'));
    await user.paste('PL');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere' })).toBeInTheDocument();
    expect(router?.state.location.pathname).toBe('/elsewhere');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('focuses the first field with a problem after a submit that fails its checks', async () => {
    const { user } = open(async (v, base) => saved(v, base));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveFocus());
    expect(screen.getByText('Gebruik minstens 2 tekens.')).toBeInTheDocument();
  });
});
