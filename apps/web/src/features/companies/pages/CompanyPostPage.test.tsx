import type { CompanyPost, CompanyPostInput, CompanyPostUpdate } from '@app/shared/companies/company-posts';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { TiptapEditorHTMLElement } from '@tiptap/react';
import dayjs from 'dayjs';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { setXsrfCookie } from '../../../../test/cookies';
import { apiError, json, mockFetch } from '../../../../test/fetch';
import { mockNotify } from '../../../../test/notify';
import { createTestQueryClient, renderWithProviders } from '../../../../test/render';
import { signIn } from '../../products/testing';
import { company } from '../company-fixtures';
import { CompanyPostCreatePage, CompanyPostDetailsPage, parseDutchDate, parseTime } from './CompanyPostPage';

const notify = mockNotify();

/**
 * Writes text into the real rich-text field (components/RichTextEditor, TipTap) at its cursor, as
 * typing there does: ProseMirror reads keystrokes only in a real browser (e2e/company-posts.spec.ts
 * types there), so the text goes in through the editor TipTap hangs on the field's element. (No
 * focus command: that scrolls the cursor into view, which jsdom cannot measure.)
 */
async function writeBody(text: string) {
  const field: TiptapEditorHTMLElement = await screen.findByRole('textbox', { name: 'Tekst' });
  const editor = field.editor;
  if (!editor) throw new Error('no TipTap editor on the Tekst field');
  act(() => {
    editor.commands.insertContent(text);
  });
}

const post = (over: Partial<CompanyPost> = {}): CompanyPost => ({
  id: 51,
  companyId: 7,
  title: 'Planning van de komende weken',
  body: '<p>De <strong>hutten</strong> zijn klaar.</p>',
  image: null,
  status: 'draft',
  publishAt: null,
  scheduled: false,
  updatedAt: '2026-11-24T09:00:00.000Z',
  version: 2,
  abilities: { canEdit: true, canDelete: true, reasons: {} },
  ...over,
});

interface Options {
  url?: string;
  /** The copies GET …/posts/51 answers, one per call (the last one repeats). */
  loads?: CompanyPost[];
  onCreate?: (body: CompanyPostInput) => Response;
  onSave?: (body: CompanyPostUpdate) => Response;
}

function openPost(o: Options = {}) {
  const loads = o.loads ?? [post()];
  let load = 0;
  let created: CompanyPost | null = null;
  const f = mockFetch((req) => {
    if (req.path === '/api/companies/7' && req.method === 'GET') return json(200, { data: company() });
    if (req.path === '/api/companies/7/posts' && req.method === 'POST') {
      const res = o.onCreate?.(req.body as CompanyPostInput);
      if (res) return res;
      const body = req.body as CompanyPostInput;
      created = post({ title: body.title, body: body.body, version: 1 });
      return json(201, { data: created });
    }
    if (req.path === '/api/companies/7/posts/51' && req.method === 'GET') {
      if (created) return json(200, { data: created });
      const p = loads[Math.min(load, loads.length - 1)];
      load += 1;
      return json(200, { data: p });
    }
    if (req.path === '/api/companies/7/posts/51' && req.method === 'PUT') {
      const body = req.body as CompanyPostUpdate;
      return o.onSave?.(body) ?? json(200, { data: post({ title: body.title, version: 3 }) });
    }
    if (req.path === '/api/breadcrumbs/slugs') return json(200, { data: { slugs: {} } });
    return undefined;
  });
  const queryClient = createTestQueryClient();
  signIn(queryClient, ['companies.manage']);
  const view = renderWithProviders(null, {
    url: o.url ?? '/companies/7/posts/51',
    queryClient,
    routes: [
      { path: '/companies/:companyId/posts/new', element: <CompanyPostCreatePage /> },
      { path: '/companies/:companyId/posts/:postId', element: <CompanyPostDetailsPage /> },
    ],
  });
  return { ...view, f };
}

beforeEach(() => {
  setXsrfCookie('tok');
});

// TipTap puts its base styles in <head> once per document; the next file in this worker starts without.
afterAll(() => document.head.querySelector('style[data-tiptap-style]')?.remove());

describe('CompanyPostPage', () => {
  it('asks for a title and a text before sending anything', async () => {
    const { user, f } = openPost({ url: '/companies/7/posts/new' });
    await user.click(await screen.findByRole('button', { name: 'Opslaan als concept' }));
    expect(await screen.findByText('Geef het bericht een titel.')).toBeInTheDocument();
    expect(screen.getByText('Schrijf de tekst van het bericht.')).toBeInTheDocument();
    expect(f.to('/api/companies/7/posts', 'POST')).toHaveLength(0);
  });

  it('saves a new post as a draft, then opens it', async () => {
    const { user, f, router } = openPost({ url: '/companies/7/posts/new' });
    await user.type(await screen.findByRole('textbox', { name: /^Titel/ }), '  Nieuwe stalen ');
    await writeBody('In de showroom.');
    expect(within(screen.getByTestId('post-preview')).getByText('Nieuwe stalen')).toBeInTheDocument();
    expect(within(screen.getByTestId('post-preview')).getByText('In de showroom.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Opslaan als concept' }));

    await waitFor(() => expect(f.to('/api/companies/7/posts', 'POST')).toHaveLength(1));
    expect(f.to('/api/companies/7/posts', 'POST')[0]?.body).toEqual({
      title: 'Nieuwe stalen',
      body: '<p>In de showroom.</p>',
      imageMediaId: null,
      status: 'draft',
      publishAt: null,
    });
    await waitFor(() => expect(router?.state.location.pathname).toBe('/companies/7/posts/51'));
    expect(notify.success).toHaveBeenCalledWith('Nieuwe stalen is opgeslagen als concept.');
    expect(await screen.findByText('Concept', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
  });

  it("publishes later: the date to come is sent as an instant and the post shows 'Gepland'", async () => {
    const at = dayjs().add(1, 'year').hour(9).minute(30).second(0).millisecond(0);
    const scheduled = post({ status: 'published', publishAt: at.toISOString(), scheduled: true, version: 3 });
    const { user, f } = openPost({ onSave: () => json(200, { data: scheduled }) });
    await user.click(await screen.findByRole('radio', { name: 'Gepubliceerd' }));
    expect(screen.getByRole('button', { name: 'Publiceren' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Publicatiedatum' }), at.format('DD-MM-YYYY'));
    await user.type(screen.getByRole('textbox', { name: 'Tijd' }), '9:30');
    expect(
      await screen.findByText(`Gepland: het bericht verschijnt op ${at.format('DD-MM-YYYY HH:mm')} in het portaal.`),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Inplannen' }));

    await waitFor(() => expect(f.to('/api/companies/7/posts/51', 'PUT')).toHaveLength(1));
    expect(f.to('/api/companies/7/posts/51', 'PUT')[0]?.body).toEqual({
      title: 'Planning van de komende weken',
      body: '<p>De <strong>hutten</strong> zijn klaar.</p>',
      imageMediaId: null,
      status: 'published',
      publishAt: at.toISOString(),
      version: 2,
    });
    expect(await screen.findByText(`Gepland ${at.format('DD-MM-YYYY HH:mm')}`)).toBeInTheDocument();
    expect(notify.success).toHaveBeenCalledWith(
      `Planning van de komende weken wordt gepubliceerd op ${at.format('DD-MM-YYYY HH:mm')}.`,
    );
  });

  it('wants a date the Dutch way and a time with it', async () => {
    const { user, f } = openPost();
    const date = await screen.findByRole('textbox', { name: 'Publicatiedatum' });
    await user.type(date, '2030-12-01');
    await user.click(screen.getByRole('button', { name: 'Opslaan als concept' }));
    expect(await screen.findByText('Vul een bestaande datum in als 24-11-2026.')).toBeInTheDocument();
    expect(screen.getByText('Vul ook een tijd in, of maak de datum leeg.')).toBeInTheDocument();
    await user.clear(date);
    await user.type(date, '31-02-2030');
    await user.type(screen.getByRole('textbox', { name: 'Tijd' }), '25:00');
    await user.click(screen.getByRole('button', { name: 'Opslaan als concept' }));
    expect(await screen.findByText('Vul een tijd in als 09:30 (24 uur).')).toBeInTheDocument();
    expect(screen.getByText('Vul een bestaande datum in als 24-11-2026.')).toBeInTheDocument();
    expect(f.to('/api/companies/7/posts/51', 'PUT')).toHaveLength(0);
  });

  it('shows a saved publish time day-month-year on a 24-hour clock', async () => {
    const at = dayjs().add(1, 'year').month(10).date(24).hour(15).minute(5);
    openPost({ loads: [post({ status: 'published', publishAt: at.toISOString(), scheduled: true })] });
    expect(await screen.findByRole('textbox', { name: 'Publicatiedatum' })).toHaveValue(at.format('DD-MM-YYYY'));
    expect(screen.getByRole('textbox', { name: 'Tijd' })).toHaveValue('15:05');
  });

  it('shows the stale banner on 409 and starts again from the newest copy', async () => {
    const newer = post({ title: 'Planning (bijgewerkt)', version: 5 });
    const { user, f } = openPost({ loads: [post(), newer], onSave: () => apiError(409, 'STALE_VERSION') });
    const title = await screen.findByRole('textbox', { name: /^Titel/ });
    await user.type(title, ' en verder');
    await user.click(screen.getByRole('button', { name: 'Opslaan als concept' }));

    await waitFor(() => expect(f.to('/api/companies/7/posts/51', 'PUT')).toHaveLength(1));
    expect(f.to('/api/companies/7/posts/51', 'PUT')[0]?.body).toMatchObject({ version: 2 });
    const banner = await screen.findByRole('alert');
    expect(within(banner).getByText('Iemand anders heeft dit intussen gewijzigd')).toBeInTheDocument();
    await user.click(within(banner).getByRole('button', { name: 'Nieuwste versie laden' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Titel/ })).toHaveValue('Planning (bijgewerkt)'));
    expect(screen.queryByText('Iemand anders heeft dit intussen gewijzigd')).not.toBeInTheDocument();
  });
});

describe('the publish time fields', () => {
  it.each([
    ['24-11-2026', [2026, 11, 24]],
    ['1-2-2027', [2027, 2, 1]],
    [' 29-02-2028 ', [2028, 2, 29]],
    ['29-02-2027', null],
    ['31-04-2027', null],
    ['2026-11-24', null],
    ['24/11/2026', null],
  ])('reads the date %s', (text, expected) => {
    expect(parseDutchDate(text)).toEqual(expected);
  });

  it.each([
    ['09:30', [9, 30]],
    ['9:05', [9, 5]],
    ['23.59', [23, 59]],
    ['24:00', null],
    ['9:60', null],
    ['930', null],
  ])('reads the time %s', (text, expected) => {
    expect(parseTime(text)).toEqual(expected);
  });
});
