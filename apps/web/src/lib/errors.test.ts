import { describe, expect, it } from 'vitest';
import { i18n, setTestLanguage } from '../../test/i18n';
import { ApiError } from './api';
import { errorMessage, translateFieldErrors } from './errors';

const t = i18n.t.bind(i18n);

describe('errorMessage', () => {
  it('shows errors.<CODE> in the current language, never the server message', async () => {
    const err = new ApiError(404, { code: 'ROLE_NOT_FOUND', message: 'Role 4 not found', requestId: 'r' });
    expect(errorMessage(t, err)).toBe('Deze rol bestaat niet (meer).');
    await setTestLanguage('en');
    expect(errorMessage(i18n.t.bind(i18n), err)).not.toBe('Deze rol bestaat niet (meer).');
    expect(errorMessage(i18n.t.bind(i18n), err)).toBe(i18n.getResource('en', 'translation', 'errors.ROLE_NOT_FOUND'));
    expect(errorMessage(i18n.t.bind(i18n), err)).not.toContain('Role 4');
  });

  it('interpolates details: LOGIN_THROTTLED with retryAfter', async () => {
    const err = new ApiError(429, { code: 'LOGIN_THROTTLED', details: { retryAfter: 42 } });
    expect(errorMessage(t, err)).toBe('Te veel inlogpogingen. Probeer het over 42 seconden opnieuw.');
    await setTestLanguage('en');
    expect(errorMessage(i18n.t.bind(i18n), err)).toContain('42');
    expect(errorMessage(i18n.t.bind(i18n), err)).not.toContain('{{');
  });

  it('uses errors.NETWORK for a network failure', () => {
    expect(errorMessage(t, new ApiError(0, null, 'NETWORK'))).toBe(
      'Geen verbinding met de server. Controleer je internetverbinding en probeer het opnieuw.',
    );
  });

  it('falls back to errors.UNKNOWN for an unknown code and for anything that is not an ApiError', () => {
    const unknown = new ApiError(418, { code: 'TEAPOT' as never });
    expect(errorMessage(t, unknown)).toBe('Er ging iets mis. Probeer het opnieuw.');
    expect(errorMessage(t, new Error('boom'))).toBe('Er ging iets mis. Probeer het opnieuw.');
    expect(errorMessage(t, 'x')).toBe('Er ging iets mis. Probeer het opnieuw.');
    expect(errorMessage(t, undefined)).toBe('Er ging iets mis. Probeer het opnieuw.');
  });
});

describe('translateFieldErrors', () => {
  it('maps each field code to validation.<code> with its params', () => {
    expect(
      translateFieldErrors(t, {
        name: { code: 'required' },
        slug: { code: 'too_short', params: { min: 2 } },
        email: { code: 'invalid_email' },
      }),
    ).toEqual({
      name: 'Dit veld is verplicht.',
      slug: 'Gebruik minstens 2 tekens.',
      email: 'Vul een geldig e-mailadres in.',
    });
  });

  it('speaks the current language', async () => {
    await setTestLanguage('en');
    expect(translateFieldErrors(i18n.t.bind(i18n), { slug: { code: 'too_short', params: { min: 2 } } })).toEqual({
      slug: 'Use at least 2 characters.',
    });
  });

  it('falls back to validation.invalid for an unknown code', () => {
    expect(translateFieldErrors(t, { x: { code: 'no_such_code' } })).toEqual({ x: 'Deze waarde is ongeldig.' });
  });

  it("puts an error on one id of a list on the list's field, renamed onto the form's own field", () => {
    expect(
      translateFieldErrors(
        t,
        {
          'galleryIds.3': { code: 'invalid' },
          'attributeIds.categories.2': { code: 'invalid' },
          'downloads.0.title': { code: 'required' },
        },
        { rename: { galleryIds: 'gallery' } },
      ),
    ).toEqual({
      gallery: 'Deze waarde is ongeldig.',
      'attributeIds.categories': 'Deze waarde is ongeldig.',
      'downloads.0.title': 'Dit veld is verplicht.',
    });
  });

  it("tries the feature's own catalogue first, then validation.<code>", () => {
    expect(
      translateFieldErrors(t, { code: { code: 'code_taken' }, name: { code: 'required' } }, { prefix: 'robox.validation' }),
    ).toEqual({ code: 'Deze code is al in gebruik bij een ander materiaal.', name: 'Dit veld is verplicht.' });
  });

  it('keeps the first error of a field', () => {
    expect(translateFieldErrors(t, { 'relatedIds.0': { code: 'required' }, 'relatedIds.1': { code: 'invalid' } })).toEqual({
      relatedIds: 'Dit veld is verplicht.',
    });
  });
});
