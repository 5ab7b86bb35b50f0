import type { Media } from '@app/shared/media/media';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setXsrfCookie } from '../../test/cookies';
import { apiError, json, mockFetch } from '../../test/fetch';
import { setTestLanguage } from '../../test/i18n';
import { mockNotify } from '../../test/notify';
import { renderWithProviders } from '../../test/render';
import { media } from '../features/products/testing';
import { MediaGalleryField } from './MediaGalleryField';

const notify = mockNotify();

function Harness({ initial, onChange, max = 10 }: { initial: Media[]; onChange: (next: Media[]) => void; max?: number }) {
  const [value, setValue] = useState(initial);
  return (
    <MediaGalleryField
      label="Galerij"
      value={value}
      max={max}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

const png = (name: string, size = 2048) => new File([new Uint8Array(size)], name, { type: 'image/png' });
const names = () => screen.getAllByRole('img').map((i) => i.getAttribute('alt'));

beforeEach(() => setXsrfCookie('tok'));

describe('MediaGalleryField', () => {
  it('uploads the picked images to POST /api/media as multipart files and adds them at the end', async () => {
    let nextId = 20;
    const f = mockFetch((req) => {
      if (req.path === '/api/media' && req.method === 'POST') {
        const files = (req.body as FormData).getAll('file') as File[];
        return json(201, { data: files.map((file) => media(nextId++, { originalName: file.name })), rejected: [] });
      }
      return undefined;
    });
    const onChange = vi.fn();
    const { user } = renderWithProviders(<Harness initial={[media(1)]} onChange={onChange} />);

    await user.upload(screen.getByLabelText('Afbeeldingen toevoegen aan Galerij'), [png('stoel.png'), png('bank.png')]);

    await waitFor(() => expect(onChange).toHaveBeenCalled());
    const [post] = f.to('/api/media', 'POST');
    expect(post?.headers['X-XSRF-TOKEN']).toBe('tok');
    const sent = (post?.body as FormData | undefined)?.getAll('file') ?? [];
    expect(sent.map((x) => (x as File).name)).toEqual(['stoel.png', 'bank.png']);
    expect(onChange).toHaveBeenLastCalledWith([
      expect.objectContaining({ id: 1 }),
      expect.objectContaining({ id: 20, originalName: 'stoel.png' }),
      expect.objectContaining({ id: 21, originalName: 'bank.png' }),
    ]);
    expect(names()).toEqual(['foto-1.jpg', 'stoel.png', 'bank.png']);
    // Thumbnails are sized and lazy.
    const img = screen.getByRole('img', { name: 'stoel.png' });
    expect(img).toHaveAttribute('src', '/api/media/20/thumb');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('width');
    expect(img).toHaveAttribute('height');
  });

  it('skips dropped files that are not JPEG, PNG or WebP and says so, without calling the server for them', async () => {
    const f = mockFetch(() => undefined);
    const onChange = vi.fn();
    renderWithProviders(<Harness initial={[]} onChange={onChange} />);
    const svg = new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' });
    const zone = screen.getByText(/Nog geen afbeeldingen/);
    fireEvent.drop(zone, { dataTransfer: { files: [svg], types: ['Files'] } });
    await waitFor(() =>
      expect(notify.warning).toHaveBeenCalledWith('logo.svg is geen JPEG-, PNG- of WebP-afbeelding en is overgeslagen.'),
    );
    expect(f.requests).toHaveLength(0);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('shows the translated error when the server refuses the upload, and keeps the list', async () => {
    mockFetch((req) => (req.path === '/api/media' ? apiError(415, 'MEDIA_TYPE_NOT_ALLOWED') : undefined));
    const onChange = vi.fn();
    const { user } = renderWithProviders(<Harness initial={[media(1)]} onChange={onChange} />);
    await user.upload(screen.getByLabelText('Afbeeldingen toevoegen aan Galerij'), png('nep.png'));
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith(
        'Dit bestandstype is niet toegestaan. Upload een JPEG-, PNG- of WebP-afbeelding.',
      ),
    );
    expect(onChange).not.toHaveBeenCalled();
    expect(names()).toEqual(['foto-1.jpg']);
  });

  it('adds the images the server stored and names each file it refused, with the reason', async () => {
    mockFetch((req) =>
      req.path === '/api/media'
        ? json(201, {
            data: [media(30, { originalName: 'stoel.png' })],
            rejected: [
              { name: 'scan.png', code: 'type_not_allowed' },
              { name: 'enorm.png', code: 'too_large' },
              { name: 'raar.png', code: 'invalid_character' },
            ],
          })
        : undefined,
    );
    const onChange = vi.fn();
    const { user } = renderWithProviders(<Harness initial={[media(1)]} onChange={onChange} />);
    await user.upload(screen.getByLabelText('Afbeeldingen toevoegen aan Galerij'), [
      png('stoel.png'),
      png('scan.png'),
      png('enorm.png'),
      png('raar.png'),
    ]);
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(onChange).toHaveBeenLastCalledWith([expect.objectContaining({ id: 1 }), expect.objectContaining({ id: 30 })]);
    expect(names()).toEqual(['foto-1.jpg', 'stoel.png']);
    expect(notify.warning.mock.calls.map(([m]) => m)).toEqual([
      'scan.png is geen JPEG-, PNG- of WebP-afbeelding en is overgeslagen.',
      'enorm.png is groter dan 15 MB en is overgeslagen.',
      'raar.png heeft een ongeldig teken in de naam en is overgeslagen.',
    ]);
    expect(notify.success).toHaveBeenCalledWith('1 afbeelding geüpload.');
  });

  it('names every refused file in English when the server stored none of them, and keeps the list', async () => {
    await setTestLanguage('en');
    mockFetch((req) =>
      req.path === '/api/media'
        ? apiError(415, 'MEDIA_TYPE_NOT_ALLOWED', {
            details: {
              rejected: [
                { name: 'a.png', code: 'type_not_allowed' },
                { name: 'b.png', code: 'too_large' },
              ],
            },
          })
        : undefined,
    );
    const onChange = vi.fn();
    const { user } = renderWithProviders(<Harness initial={[media(1)]} onChange={onChange} />);
    await user.upload(screen.getByLabelText('Add images to Galerij'), [png('a.png'), png('b.png')]);
    await waitFor(() => expect(notify.error).toHaveBeenCalledTimes(2));
    expect(notify.error.mock.calls.map(([m]) => m)).toEqual([
      'a.png is not a JPEG, PNG or WebP image and was skipped.',
      'b.png is larger than 15 MB and was skipped.',
    ]);
    expect(notify.success).not.toHaveBeenCalled();
    expect(onChange).not.toHaveBeenCalled();
    expect(names()).toEqual(['foto-1.jpg']);
  });

  it('translates a refusal of the whole request that names the file field (too many files)', async () => {
    mockFetch((req) =>
      req.path === '/api/media'
        ? apiError(400, 'VALIDATION_FAILED', { fieldErrors: { file: { code: 'too_many_files', params: { max: 10 } } } })
        : undefined,
    );
    const { user } = renderWithProviders(<Harness initial={[]} onChange={vi.fn()} />);
    await user.upload(screen.getByLabelText('Afbeeldingen toevoegen aan Galerij'), png('x.png'));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Kies hoogstens 10 bestanden tegelijk.'));
  });

  it('reorders with the move buttons and removes an image', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(<Harness initial={[media(1), media(2), media(3)]} onChange={onChange} />);

    expect(screen.getByRole('button', { name: 'foto-1.jpg naar voren' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'foto-3.jpg naar achteren' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'foto-1.jpg naar achteren' }));
    expect(onChange).toHaveBeenLastCalledWith([media(2), media(1), media(3)]);
    expect(names()).toEqual(['foto-2.jpg', 'foto-1.jpg', 'foto-3.jpg']);

    await user.click(screen.getByRole('button', { name: 'foto-3.jpg naar voren' }));
    expect(names()).toEqual(['foto-2.jpg', 'foto-3.jpg', 'foto-1.jpg']);

    await user.click(screen.getByRole('button', { name: 'foto-3.jpg verwijderen' }));
    expect(onChange).toHaveBeenLastCalledWith([media(2), media(1)]);
    expect(names()).toEqual(['foto-2.jpg', 'foto-1.jpg']);
  });

  it('gives every drag handle its keyboard instructions', () => {
    renderWithProviders(<Harness initial={[media(1), media(2)]} onChange={vi.fn()} />);
    const handle = screen.getByRole('button', { name: 'foto-1.jpg verslepen' });
    expect(handle).toHaveAttribute('aria-roledescription', 'versleepbaar item');
    const describedBy = handle.getAttribute('aria-describedby');
    expect(describedBy).toBeTruthy();
    expect(within(document.body).getByText(/Druk op spatie om dit item op te pakken/)).toHaveAttribute('id', describedBy);
  });

  it('stops taking files at the maximum', () => {
    renderWithProviders(<Harness initial={[media(1), media(2)]} onChange={vi.fn()} max={2} />);
    expect(screen.getByRole('button', { name: 'Afbeeldingen toevoegen' })).toBeDisabled();
    expect(screen.getByText(/2 van maximaal 2/)).toBeInTheDocument();
  });
});
