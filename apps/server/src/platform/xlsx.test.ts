import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { readZip } from '../../test/helpers/zip';
import { columnName, crc32, escapeXml, writeXlsx } from './xlsx';

describe('writeXlsx', () => {
  it('writes a ZIP whose parts open again: content types, workbook, styles and each sheet', () => {
    const file = writeXlsx([
      {
        name: 'Totalen',
        header: true,
        widths: [10, 40],
        rows: [
          ['Naam', 'Aantal'],
          ['Plank <eiken> & "co"', 2.5],
          ['Leeg', null],
        ],
      },
      { name: 'Per ruimte: A/B', rows: [[1, 2, 3]] },
    ]);
    expect(file.subarray(0, 4).toString('hex')).toBe('504b0304');
    const parts = readZip(file);
    expect([...parts.keys()]).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/workbook.xml',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/worksheets/sheet1.xml',
      'xl/worksheets/sheet2.xml',
    ]);
    expect(parts.get('[Content_Types].xml')).toContain('/xl/worksheets/sheet2.xml');
    // Sheet names without the characters Excel refuses.
    expect(parts.get('xl/workbook.xml')).toContain('<sheet name="Totalen" sheetId="1" r:id="rId1"/>');
    expect(parts.get('xl/workbook.xml')).toContain('<sheet name="Per ruimte  A B" sheetId="2" r:id="rId2"/>');
    const sheet1 = parts.get('xl/worksheets/sheet1.xml') ?? '';
    // Header bold (style 1) and frozen; numbers as numbers; text escaped; empty cells left out.
    expect(sheet1).toContain('<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>');
    expect(sheet1).toContain('<c r="A1" s="1" t="inlineStr"><is><t xml:space="preserve">Naam</t></is></c>');
    expect(sheet1).toContain(
      '<c r="A2" t="inlineStr"><is><t xml:space="preserve">Plank &lt;eiken&gt; &amp; &quot;co&quot;</t></is></c>',
    );
    expect(sheet1).toContain('<c r="B2"><v>2.5</v></c>');
    expect(sheet1).toContain('<row r="3"><c r="A3" t="inlineStr"><is><t xml:space="preserve">Leeg</t></is></c></row>');
    expect(sheet1).toContain('<col min="2" max="2" width="40" customWidth="1"/>');
    expect(parts.get('xl/worksheets/sheet2.xml')).toContain('<c r="C1"><v>3</v></c>');
    expect(parts.get('xl/worksheets/sheet2.xml')).not.toContain('pane');
    expect(parts.get('xl/styles.xml')).toContain('<b/>');
  });

  it('gives the same bytes for the same input (no clock in the entries)', () => {
    const sheets = [{ name: 'A', rows: [['x', 1]] }];
    expect(writeXlsx(sheets).equals(writeXlsx(sheets))).toBe(true);
  });

  it('passes `unzip -t` when the tool is there', () => {
    let hasUnzip = true;
    try {
      execFileSync('unzip', ['-v'], { stdio: 'ignore' });
    } catch {
      hasUnzip = false;
    }
    if (!hasUnzip) return;
    const dir = execFileSync('mktemp', ['-d']).toString().trim();
    const path = `${dir}/t.xlsx`;
    execFileSync('sh', ['-c', `cat > ${path}`], { input: writeXlsx([{ name: 'A', rows: [['é', 1]] }]) });
    expect(execFileSync('unzip', ['-t', path]).toString()).toContain('No errors detected');
  });

  it('names columns, computes CRC-32 and escapes XML', () => {
    expect([0, 25, 26, 27, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AB', 'ZZ', 'AAA']);
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
    expect(escapeXml("a\u0000b\u0007c<'>")).toBe('abc&lt;&apos;&gt;');
  });
});
