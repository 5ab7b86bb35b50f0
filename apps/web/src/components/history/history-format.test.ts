import { describe, expect, it } from 'vitest';
import { i18n, setTestLanguage } from '../../../test/i18n';
import { actorLabel, entryOp, fieldLabel, formatExact, formatValue, humanise } from './history-format';

const show = (source: string, field: string, v: unknown) => formatValue(i18n.t, i18n.language, source, field, v).text;

describe('history values in words', () => {
  it('formats each kind of value the Dutch way', async () => {
    await setTestLanguage('nl');
    expect(show('companies', 'city', null)).toBe('—');
    expect(show('companies', 'city', '')).toBe('—');
    expect(show('leave_types', 'active', true)).toBe('Ja');
    expect(show('leave_types', 'active', false)).toBe('Nee');
    expect(show('articles', 'cost_price', 1234.5)).toBe('1.234,5');
    expect(show('tasks', 'assigned_employee_id', 12)).toBe('#12');
    expect(show('sick_periods', 'starts_on', '2026-11-21')).toBe('21-11-2026');
    // timestamptz in Amsterdam (winter: UTC+1), a wall-clock timestamp as it is.
    expect(show('companies', 'deleted_at', '2026-11-21T08:30:00.123+00:00')).toBe('21-11-2026 09:30');
    expect(show('planner', 'starts_at', '2026-07-01T08:30:00')).toBe('01-07-2026 08:30');
    expect(show('hour_rules', 'start_time', '18:00:00')).toBe('18:00');
    expect(show('employee_contracts', 'minutes_per_week', 2280)).toBe('38:00 uur');
    expect(show('declarations', 'amount_cents', 1250)).toMatch(/€\s?12,50/);
    expect(show('tasks', 'status', 'open_ticket')).toBe('Open ticket');
    expect(show('hour_rules', 'weekdays', [1, 2, 6])).toBe('ma, di, za');
    expect(
      show('products', 'downloads', [
        { title: 'Brochure', url: 'x' },
        { title: 'Spec', url: 'y' },
      ]),
    ).toBe('2 items: Brochure, Spec');
    expect(show('schedules', 'days', { mon: 480, tue: null })).toBe('Mon: 480');
    expect(show('companies', 'primary_color', '#0b3d91')).toBe('#0B3D91');
    expect(show('company_posts', 'body_html', '<p>Hallo &amp; <b>welkom</b></p>')).toBe('Hallo & welkom');
  });

  it('labels fields by table, then in common, then by name', async () => {
    await setTestLanguage('nl');
    expect(fieldLabel(i18n.t, 'companies', 'city')).toBe('Plaats');
    expect(fieldLabel(i18n.t, 'tasks', 'name')).toBe('Naam');
    expect(fieldLabel(i18n.t, 'nowhere', 'some_new_column')).toBe('Some new column');
    expect(humanise('owner_id')).toBe('Owner');
    await setTestLanguage('en');
    expect(fieldLabel(i18n.t, 'companies', 'city')).toBe('City');
  });

  it('says who and what happened', async () => {
    await setTestLanguage('nl');
    expect(actorLabel(i18n.t, null)).toBe('Systeem');
    expect(actorLabel(i18n.t, { name: 'Jan', actingAs: 'Nordic Star' })).toBe('Jan namens Nordic Star');
    expect(entryOp({ op: 'updated', changes: [{ field: 'deleted_at', old: '2026-01-01', new: null }] })).toBe('restored');
    expect(formatExact('2026-07-01T12:00:00Z', 'en')).toBe('1 July 2026 at 14:00');
  });
});
