import { describe, expect, it } from 'vitest';
import { EXPIRY_WARNING_DAYS } from '../users/people.rules';
import { contractStatus, expiryStatus, hoursToMinutes, needsAttention } from './documents.rules';

const today = '2026-03-15';

describe('expiryStatus', () => {
  it.each([
    [null, 'none'],
    ['2020-01-01', 'expired'],
    ['2026-03-14', 'expired'],
    ['2026-03-15', 'expiring'], // the last valid day is today
    ['2026-03-16', 'expiring'],
    ['2026-04-14', 'expiring'], // today + 30
    ['2026-04-15', 'valid'], // today + 31
    ['2027-01-01', 'valid'],
  ] as const)('%s on 2026-03-15 is %s', (expiresOn, status) => {
    expect(expiryStatus(expiresOn, today)).toBe(status);
  });

  it('warns exactly EXPIRY_WARNING_DAYS ahead', () => {
    expect(EXPIRY_WARNING_DAYS).toBe(30);
  });

  it('counts across a year end and a leap day', () => {
    expect(expiryStatus('2025-01-30', '2024-12-31')).toBe('expiring');
    expect(expiryStatus('2025-01-31', '2024-12-31')).toBe('valid');
    expect(expiryStatus('2024-03-30', '2024-02-29')).toBe('expiring');
    expect(expiryStatus('2024-03-31', '2024-02-29')).toBe('valid');
  });
});

describe('contractStatus', () => {
  it.each([
    ['2026-04-01', null, 'upcoming'],
    ['2026-04-01', '2026-04-10', 'upcoming'],
    ['2025-01-01', null, 'current'],
    ['2026-03-15', null, 'current'], // starts today
    ['2025-01-01', '2026-12-31', 'current'],
    ['2025-01-01', '2026-04-15', 'current'], // today + 31
    ['2025-01-01', '2026-04-14', 'ending'], // today + 30
    ['2025-01-01', '2026-03-15', 'ending'], // last day today
    ['2025-01-01', '2026-03-14', 'ended'],
    ['2026-03-15', '2026-03-15', 'ending'],
  ] as const)('from %s until %s on 2026-03-15 is %s', (startsOn, endsOn, status) => {
    expect(contractStatus({ startsOn, endsOn }, today)).toBe(status);
  });
});

describe('needsAttention', () => {
  it.each([
    ['expired', true],
    ['expiring', true],
    ['valid', false],
    ['none', false],
    ['upcoming', false],
    ['current', false],
    ['ending', true],
    ['ended', true],
  ] as const)('%s: %s', (status, flagged) => {
    expect(needsAttention(status)).toBe(flagged);
  });
});

describe('hoursToMinutes', () => {
  it.each([
    [38, 2280],
    [32.5, 1950],
    [24, 1440],
    [0.25, 15],
  ])('%s h is %s min', (h, m) => {
    expect(hoursToMinutes(h)).toBe(m);
  });
});
