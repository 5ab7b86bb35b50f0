import { describe, expect, it } from 'vitest';
import { formatQuantity, parseQuantity } from './subtask-form';

describe('parseQuantity', () => {
  it.each([
    ['2', 2],
    ['2,5', 2.5],
    ['2.5', 2.5],
    [' 0,125 ', 0.125],
    ['1.250,75', 1250.75],
    ['1,250.75', 1250.75],
  ])('reads %j as %d', (raw, expected) => expect(parseQuantity(raw)).toBe(expected));

  it.each(['', 'veel', '2,5,1', '-1', '1e3', ',5'])('refuses %j', (raw) => expect(parseQuantity(raw)).toBeNaN());
});

describe('formatQuantity', () => {
  it('writes the decimal separator of the language', () => {
    expect(formatQuantity(2.5, 'nl')).toBe('2,5');
    expect(formatQuantity(2.5, 'en')).toBe('2.5');
    expect(formatQuantity(1250, 'nl')).toBe('1250');
  });
});
