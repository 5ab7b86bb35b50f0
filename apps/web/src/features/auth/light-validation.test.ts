import { describe, expect, it } from 'vitest';
import { i18n } from '../../../test/i18n';
import { emailRule, requiredRule } from './light-validation';

const REQUIRED = 'Dit veld is verplicht.';
const INVALID_EMAIL = 'Vul een geldig e-mailadres in.';

describe('emailRule', () => {
  const rule = () => emailRule(i18n.t.bind(i18n));

  it.each(['', '   '])('says required for %j', (v) => {
    expect(rule()(v)).toBe(REQUIRED);
  });

  it.each(['jan', 'jan@', 'jan@example', 'jan@example.n', 'j an@example.nl', '@example.nl', `${'a'.repeat(250)}@example.nl`])(
    'says invalid e-mail for %j',
    (v) => {
      expect(rule()(v)).toBe(INVALID_EMAIL);
    },
  );

  it.each(['jan@example.nl', '  jan.de.vries+werk@scheepswerf.example.com  '])('accepts %j', (v) => {
    expect(rule()(v)).toBeNull();
  });

  it('speaks the current language', async () => {
    await i18n.changeLanguage('en');
    expect(rule()('')).toBe('This field is required.');
    expect(rule()('nope')).toBe('Enter a valid e-mail address.');
  });
});

describe('requiredRule', () => {
  it('says required only for an empty value; a password of spaces is a value', () => {
    const rule = requiredRule(i18n.t.bind(i18n));
    expect(rule('')).toBe(REQUIRED);
    expect(rule('   ')).toBeNull();
    expect(rule('geheim')).toBeNull();
  });
});
