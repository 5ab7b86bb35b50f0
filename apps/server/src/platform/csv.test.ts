import { describe, expect, it } from 'vitest';
import { csvNumber, csvText, writeCsv } from './csv';

describe('writeCsv', () => {
  it('writes UTF-8 with a BOM, ";" between fields, CRLF line ends and decimal commas', () => {
    const bytes = writeCsv([
      ['Naam', 'Aantal'],
      ['Tapijt é', 2.5],
      [null, 1000000],
    ]);
    expect(bytes.subarray(0, 3).toString('hex')).toBe('efbbbf');
    expect(bytes.subarray(3).toString('utf8')).toBe('Naam;Aantal\r\nTapijt é;2,5\r\n;1000000\r\n');
  });

  it('quotes as RFC 4180 says and neutralises what a spreadsheet would run', () => {
    expect(csvText('a;b')).toBe('"a;b"');
    expect(csvText('say "hi"')).toBe('"say ""hi"""');
    expect(csvText('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvText('1,5')).toBe('"1,5"');
    for (const s of ['=1+2', '+31', '-5', '@SUM(A1)', '\tx', '\rx'])
      expect(csvText(s).replace(/^"/, '').startsWith("'")).toBe(true);
    expect(csvText('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvText('plain')).toBe('plain');
    expect(csvNumber(0.125)).toBe('0,125');
    expect(csvNumber(Number.NaN)).toBe('');
  });
});
