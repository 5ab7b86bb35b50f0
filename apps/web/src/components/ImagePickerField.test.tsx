import type { Media } from '@app/shared/media/media';
import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setXsrfCookie } from '../../test/cookies';
import { apiError, json, mockFetch } from '../../test/fetch';
import { setTestLanguage } from '../../test/i18n';
import { mockNotify } from '../../test/notify';
import { renderWithProviders } from '../../test/render';
import { media } from '../features/products/testing';
import { ImagePickerField } from './ImagePickerField';

const notify = mockNotify();

function Harness({ onChange }: { onChange: (next: Media | null) => void }) {
  const [value, setValue] = useState<Media | null>(null);
  return (
    <ImagePickerField
      label="Koptekstafbeelding"
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

const png = (name: string) => new File([new Uint8Array(1024)], name, { type: 'image/png' });

beforeEach(() => setXsrfCookie('tok'));

describe('ImagePickerField', () => {
  it('takes the image the server stored', async () => {
    mockFetch((req) =>
      req.path === '/api/media' ? json(201, { data: [media(7, { originalName: 'kop.png' })], rejected: [] }) : undefined,
    );
    const onChange = vi.fn();
    const { user } = renderWithProviders(<Harness onChange={onChange} />);
    await user.upload(screen.getByLabelText('Afbeelding uploaden voor Koptekstafbeelding'), png('kop.png'));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ id: 7 })));
    expect(screen.getByText('kop.png')).toBeInTheDocument();
  });

  it('names the refused file and its reason, in Dutch and in English, and keeps the field empty', async () => {
    const refuse = (name: string) =>
      mockFetch((req) =>
        req.path === '/api/media'
          ? apiError(400, 'VALIDATION_FAILED', {
              fieldErrors: { file: { code: 'invalid_character' } },
              details: { rejected: [{ name, code: 'invalid_character' }] },
            })
          : undefined,
      );
    refuse('kop.png');
    const onChange = vi.fn();
    const { user, unmount } = renderWithProviders(<Harness onChange={onChange} />);
    await user.upload(screen.getByLabelText('Afbeelding uploaden voor Koptekstafbeelding'), png('kop.png'));
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith('kop.png heeft een ongeldig teken in de naam en is overgeslagen.'),
    );
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByText('Geen afbeelding gekozen')).toBeInTheDocument();
    unmount();

    await setTestLanguage('en');
    refuse('header.png');
    const again = renderWithProviders(<Harness onChange={onChange} />);
    await again.user.upload(screen.getByLabelText('Upload an image for Koptekstafbeelding'), png('header.png'));
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith('header.png has an invalid character in its name and was skipped.'),
    );
    expect(onChange).not.toHaveBeenCalled();
  });
});
