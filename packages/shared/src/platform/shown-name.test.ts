import { describe, expect, it } from 'vitest';
import { shownName } from './shown-name';

describe('shownName', () => {
  it('shows the English name in English, the Dutch one in Dutch and when there is no English one', () => {
    const holiday = { name: 'Vakantieverlof', nameEn: 'Holiday leave' };
    expect(shownName(holiday, 'en')).toBe('Holiday leave');
    expect(shownName(holiday, 'nl')).toBe('Vakantieverlof');
    expect(shownName({ name: 'Bijzonder verlof', nameEn: '' }, 'en')).toBe('Bijzonder verlof');
    expect(shownName({ name: 'Bijzonder verlof', nameEn: '  ' }, 'en')).toBe('Bijzonder verlof');
  });
});
