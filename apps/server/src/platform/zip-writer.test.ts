import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { unzip } from '../../test/helpers/zip';
import { safeZipName, zipFits, zipNames, zipSize, zipStream } from './zip-writer';

async function collect(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const c of stream) parts.push(c as Buffer);
  return Buffer.concat(parts);
}

const when = new Date('2026-03-14T10:20:30Z');

describe('zipStream', () => {
  it('writes stored entries that unzip to the same bytes, with their CRC and UTF-8 names', async () => {
    const files = [
      { name: 'tekening.pdf', data: Buffer.from('%PDF-1.4 a drawing') },
      { name: 'Café à la carte.txt', data: Buffer.from('menu') },
      { name: 'leeg.txt', data: Buffer.alloc(0) },
    ];
    const zip = await collect(
      zipStream(
        files.map((f) => ({ name: f.name, date: when, open: () => Readable.from([f.data.subarray(0, 3), f.data.subarray(3)]) })),
      ),
    );
    expect(zip.length).toBe(zipSize(files.map((f) => ({ name: f.name, size: f.data.length }))));
    const back = unzip(zip);
    expect(back.map((e) => [e.name, e.data.toString()])).toEqual(files.map((f) => [f.name, f.data.toString()]));
    expect(back.every((e) => e.flags === 0x0808 && e.method === 0)).toBe(true);

    // And the unzip tool agrees: it tests every entry's CRC and lists the names and dates.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zip-'));
    try {
      const file = path.join(dir, 'a.zip');
      fs.writeFileSync(file, zip);
      expect(execFileSync('unzip', ['-t', file]).toString()).toContain('No errors detected');
      const listing = execFileSync('unzip', ['-l', file]).toString();
      expect(listing).toContain('2026-03-14 10:20');
      expect(listing).toContain('tekening.pdf');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('writes an empty archive as just the end record', async () => {
    const zip = await collect(zipStream([]));
    expect(zip.length).toBe(22);
    expect(unzip(zip)).toEqual([]);
  });

  it('opens each entry only when it reaches it, and never holds a whole file: 50 MB pass with a few MB in flight', async () => {
    const size = 50 * 1024 * 1024;
    let produced = 0;
    let consumed = 0;
    let maxInFlight = 0;
    let opened = 0;
    const source = () => {
      opened++;
      return new Readable({
        read() {
          if (produced >= size) return void this.push(null);
          const n = Math.min(256 * 1024, size - produced);
          produced += n;
          this.push(Buffer.alloc(n, produced % 251));
        },
      });
    };
    const stream = zipStream([
      { name: 'small.txt', date: when, open: () => Readable.from([Buffer.from('x')]) },
      { name: 'large.bin', date: when, open: source },
    ]);
    for await (const chunk of stream) {
      const buf = chunk as Buffer;
      consumed += buf.length;
      maxInFlight = Math.max(maxInFlight, produced - consumed);
    }
    expect(opened).toBe(1);
    expect(produced).toBe(size);
    expect(consumed).toBeGreaterThan(size);
    // What the source has made but the reader not yet received stays a few chunks, never the file.
    // (Counted, not read off the RSS: the server tests' 256 MB young generation keeps garbage
    // chunks around until a scavenge, so the RSS says nothing about what the writer holds.)
    expect(maxInFlight).toBeLessThan(4 * 1024 * 1024);
  });

  it('fails the stream when an entry fails to read', async () => {
    const stream = zipStream([
      {
        name: 'gone.pdf',
        date: when,
        open: () =>
          new Readable({
            read() {
              this.destroy(new Error('ENOENT'));
            },
          }),
      },
    ]);
    await expect(collect(stream)).rejects.toThrow('ENOENT');
  });
});

describe('zipFits', () => {
  it('refuses 4 GiB and more, and more than 65,535 entries', () => {
    expect(zipFits([{ name: 'a', size: 1000 }])).toBe(true);
    expect(zipFits([{ name: 'a', size: 0xffff_ffff }])).toBe(false);
    expect(
      zipFits([
        { name: 'a', size: 3e9 },
        { name: 'b', size: 1.5e9 },
      ]),
    ).toBe(false);
    expect(zipFits(Array.from({ length: 65_536 }, (_, i) => ({ name: String(i), size: 0 })))).toBe(false);
  });
});

describe('zipNames', () => {
  it('keeps only the file name: no folders, no .., no characters an unpacker refuses', () => {
    expect(safeZipName('../../etc/passwd')).toBe('passwd');
    expect(safeZipName('C:\\Users\\x\\plan.pdf')).toBe('plan.pdf');
    expect(safeZipName('..')).toBe('file');
    expect(safeZipName('a/..')).toBe('file');
    expect(safeZipName('')).toBe('file');
    expect(safeZipName('what?.pdf')).toBe('what_.pdf');
    expect(safeZipName('tab\there.pdf')).toBe('tab_here.pdf');
    expect(safeZipName('name. . ')).toBe('name');
    expect(safeZipName('con.txt')).toBe('_con.txt');
    expect(safeZipName(`${'a'.repeat(300)}.pdf`)).toBe(`${'a'.repeat(176)}.pdf`);
  });

  it('makes names unique without regard to case, numbering before the extension', () => {
    expect(zipNames(['plan.pdf', 'Plan.pdf', 'plan.pdf', 'x/plan.pdf', 'plan', 'plan'])).toEqual([
      'plan.pdf',
      'Plan (2).pdf',
      'plan (3).pdf',
      'plan (4).pdf',
      'plan',
      'plan (2)',
    ]);
    expect(zipNames(['a (2).pdf', 'a.pdf', 'a.pdf'])).toEqual(['a (2).pdf', 'a.pdf', 'a (3).pdf']);
  });
});
