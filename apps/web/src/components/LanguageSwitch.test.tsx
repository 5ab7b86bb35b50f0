import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setXsrfCookie } from '../../test/cookies';
import { apiError, mockFetch, noContent } from '../../test/fetch';
import { i18n } from '../../test/i18n';
import { mockNotify } from '../../test/notify';
import { renderWithProviders } from '../../test/render';
import { LanguageSwitch } from './LanguageSwitch';

const notify = mockNotify();

const radio = (name: 'NL' | 'EN') => screen.getByRole('radio', { name });

describe('LanguageSwitch', () => {
  it('shows the current language as chosen', () => {
    renderWithProviders(<LanguageSwitch />);
    expect(screen.getByRole('radiogroup', { name: 'Taal' })).toBeInTheDocument();
    expect(radio('NL')).toBeChecked();
    expect(radio('EN')).not.toBeChecked();
  });

  it("clicking EN saves it with PATCH /api/locale {locale:'en'} and switches the UI to English", async () => {
    setXsrfCookie('tok');
    const f = mockFetch(() => noContent());
    const { user } = renderWithProviders(<LanguageSwitch />);

    await user.click(radio('EN'));

    await waitFor(() => expect(f.to('/api/locale', 'PATCH')).toHaveLength(1));
    expect(f.to('/api/locale', 'PATCH')[0]?.body).toEqual({ locale: 'en' });
    expect(f.to('/api/locale', 'PATCH')[0]?.headers['X-XSRF-TOKEN']).toBe('tok');
    expect(i18n.language).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(await screen.findByRole('radiogroup', { name: 'Language' })).toBeInTheDocument();
    expect(radio('EN')).toBeChecked();
    expect(notify.error).not.toHaveBeenCalled();
    // The language lives on the server, not in localStorage (H5).
    expect(window.localStorage).toHaveLength(0);
  });

  it('shows a toast when saving fails, and goes back to the language that is still saved', async () => {
    setXsrfCookie('tok');
    const f = mockFetch(() => apiError(500, 'INTERNAL'));
    const { user } = renderWithProviders(<LanguageSwitch />);

    await user.click(radio('EN'));

    await waitFor(() => expect(notify.error).toHaveBeenCalledTimes(1));
    expect(f.to('/api/locale', 'PATCH')).toHaveLength(1);
    expect(notify.error).toHaveBeenCalledWith('Er ging iets mis aan onze kant. Probeer het later opnieuw.');
    expect(i18n.language).toBe('nl');
    await waitFor(() => expect(radio('NL')).toBeChecked());
    // The switch is usable again, so "try again" is possible.
    expect(radio('EN')).toBeEnabled();
  });
});
