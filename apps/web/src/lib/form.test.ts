import { resetPasswordInputSchema } from '@app/shared/auth/auth';
import { roleInputSchema } from '@app/shared/users/roles';
import { describe, expect, it } from 'vitest';
import { i18n, setTestLanguage } from '../../test/i18n';
import { zodValidate } from './form';

const validRole = {
  slug: 'planners',
  name: 'Planners',
  is_admin: false,
  dashboard_view: 'planning',
  permissions: ['planner.view'],
};
const token = 'abcdefghijklmnopqrstuvwxyz012345';

describe('zodValidate with the shared schemas', () => {
  it('returns no errors for valid values', () => {
    expect(zodValidate(roleInputSchema, i18n.t.bind(i18n))(validRole)).toEqual({});
    expect(
      zodValidate(
        resetPasswordInputSchema,
        i18n.t.bind(i18n),
      )({ token, password: 'lang genoeg', password_confirmation: 'lang genoeg' }),
    ).toEqual({});
  });

  it('puts translated messages on the right role fields', () => {
    const errors = zodValidate(
      roleInputSchema,
      i18n.t.bind(i18n),
    )({
      ...validRole,
      name: '   ',
      slug: 'a',
      dashboard_view: 'nope',
      permissions: ['planner.view', 'made.up'],
    });
    expect(errors).toEqual({
      name: 'Dit veld is verplicht.',
      slug: 'Gebruik minstens 2 tekens.',
      dashboard_view: 'Kies een van de mogelijkheden.',
      // One item of a list is the list's problem: it is shown on the list's field.
      permissions: 'Kies een van de mogelijkheden.',
    });
  });

  it('reports a slug in the wrong format on the slug field', () => {
    expect(zodValidate(roleInputSchema, i18n.t.bind(i18n))({ ...validRole, slug: 'Met Spaties' })).toEqual({
      slug: 'Het formaat klopt niet.',
    });
  });

  it('puts password_mismatch on password_confirmation', () => {
    const errors = zodValidate(
      resetPasswordInputSchema,
      i18n.t.bind(i18n),
    )({
      token,
      password: 'lang genoeg',
      password_confirmation: 'iets anders',
    });
    expect(errors).toEqual({ password_confirmation: 'De wachtwoorden komen niet overeen.' });
  });

  it("checks the form's values as the schema takes them, and puts the errors on the form's own fields", () => {
    const validate = zodValidate(roleInputSchema, i18n.t.bind(i18n), {
      from: (v: { title: string; key: string }) => ({ ...validRole, name: v.title, slug: v.key }),
      rename: { name: 'title', slug: 'key' },
    });
    expect(validate({ title: 'Planners', key: 'planners' })).toEqual({});
    expect(validate({ title: '', key: 'x' })).toEqual({ title: 'Dit veld is verplicht.', key: 'Gebruik minstens 2 tekens.' });
  });

  it('reports a short password with the minimum, in the current language', async () => {
    await setTestLanguage('en');
    const errors = zodValidate(
      resetPasswordInputSchema,
      i18n.t.bind(i18n),
    )({ token, password: 'kort', password_confirmation: 'kort' });
    expect(errors).toEqual({ password: 'Use at least 8 characters.' });
  });
});
