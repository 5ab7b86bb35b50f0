import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';

/**
 * A ZIP archive written as it streams: every entry stored as is (no compression: the files are
 * PDFs and images that do not shrink), its CRC-32 and size computed while its bytes pass and
 * written after them in a data descriptor, so no file is ever held whole in memory and the first
 * byte leaves before the last file is read. Names are UTF-8 (flag bit 11). No ZIP64: an archive
 * must stay below 4 GiB and 65,535 entries, which the caller checks before the first byte
 * (`zipFits`); the writer fails the stream if one slips through.
 */

export interface ZipEntry {
  /** The name inside the archive (make it safe and unique with `zipNames`). */
  name: string;
  /** The entry's modification time (shown by unzip tools). */
  date: Date;
  /** Opens the entry's bytes; called only when the archive reaches it. */
  open: () => Readable | Promise<Readable>;
}

const LIMIT = 0xffff_ffff;
const MAX_ENTRIES = 0xffff;
const FLAGS = 0x0008 | 0x0800; // data descriptor follows the data; UTF-8 names
const VERSION = 20; // 2.0: what data descriptors need
const LOCAL = 30;
const DESCRIPTOR = 16;
const CENTRAL = 46;
const END = 22;

/** The archive's size for these entries (name lengths in bytes and file sizes), for Content-Length and the 4 GiB check. */
export function zipSize(entries: readonly { name: string; size: number }[]): number {
  let total = END;
  for (const e of entries) {
    const n = Buffer.byteLength(e.name, 'utf8');
    total += LOCAL + n + e.size + DESCRIPTOR + CENTRAL + n;
  }
  return total;
}

/** Whether these entries fit a ZIP without ZIP64 (every offset and size below 4 GiB, at most 65,535 entries). */
export function zipFits(entries: readonly { name: string; size: number }[]): boolean {
  return entries.length <= MAX_ENTRIES && zipSize(entries) < LIMIT;
}

/** MS-DOS time and date of a moment, in UTC (ZIP has no time zone; 1980 is its first year). */
function dosTime(d: Date): { time: number; date: number } {
  const year = Math.min(Math.max(d.getUTCFullYear(), 1980), 2107);
  return {
    time: (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | Math.floor(d.getUTCSeconds() / 2),
    date: ((year - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate(),
  };
}

interface Written {
  name: Buffer;
  time: number;
  date: number;
  crc: number;
  size: number;
  offset: number;
}

function localHeader(name: Buffer, time: number, date: number): Buffer {
  const b = Buffer.alloc(LOCAL);
  b.writeUInt32LE(0x04034b50, 0);
  b.writeUInt16LE(VERSION, 4);
  b.writeUInt16LE(FLAGS, 6);
  b.writeUInt16LE(0, 8); // stored
  b.writeUInt16LE(time, 10);
  b.writeUInt16LE(date, 12);
  // CRC-32 and sizes are 0 here: they follow the data in the descriptor (flag bit 3).
  b.writeUInt16LE(name.length, 26);
  b.writeUInt16LE(0, 28);
  return Buffer.concat([b, name]);
}

function descriptor(crc: number, size: number): Buffer {
  const b = Buffer.alloc(DESCRIPTOR);
  b.writeUInt32LE(0x08074b50, 0);
  b.writeUInt32LE(crc, 4);
  b.writeUInt32LE(size, 8);
  b.writeUInt32LE(size, 12);
  return b;
}

function centralHeader(w: Written): Buffer {
  const b = Buffer.alloc(CENTRAL);
  b.writeUInt32LE(0x02014b50, 0);
  b.writeUInt16LE(VERSION, 4); // made by: MS-DOS attributes, version 2.0
  b.writeUInt16LE(VERSION, 6);
  b.writeUInt16LE(FLAGS, 8);
  b.writeUInt16LE(0, 10);
  b.writeUInt16LE(w.time, 12);
  b.writeUInt16LE(w.date, 14);
  b.writeUInt32LE(w.crc, 16);
  b.writeUInt32LE(w.size, 20);
  b.writeUInt32LE(w.size, 24);
  b.writeUInt16LE(w.name.length, 28);
  // extra, comment, disk, internal and external attributes: all 0
  b.writeUInt32LE(w.offset, 42);
  return Buffer.concat([b, w.name]);
}

function endRecord(count: number, size: number, offset: number): Buffer {
  const b = Buffer.alloc(END);
  b.writeUInt32LE(0x06054b50, 0);
  b.writeUInt16LE(count, 8);
  b.writeUInt16LE(count, 10);
  b.writeUInt32LE(size, 12);
  b.writeUInt32LE(offset, 16);
  return b;
}

async function* zipChunks(entries: Iterable<ZipEntry> | AsyncIterable<ZipEntry>): AsyncGenerator<Buffer> {
  const written: Written[] = [];
  let offset = 0;
  const tooLarge = () => new Error('zip: the archive passes 4 GiB (ZIP64 is not written)');
  for await (const e of entries) {
    if (written.length >= MAX_ENTRIES) throw new Error('zip: more than 65,535 entries');
    const name = Buffer.from(e.name, 'utf8');
    const { time, date } = dosTime(e.date);
    const start = offset;
    const header = localHeader(name, time, date);
    offset += header.length;
    yield header;
    let crc = 0;
    let size = 0;
    // One chunk at a time: the CRC and the size grow as the bytes pass, nothing is kept.
    for await (const chunk of await e.open()) {
      const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
      crc = crc32(buf, crc);
      size += buf.length;
      offset += buf.length;
      if (offset >= LIMIT) throw tooLarge();
      yield buf;
    }
    offset += DESCRIPTOR;
    yield descriptor(crc, size);
    written.push({ name, time, date, crc, size, offset: start });
  }
  const central = Buffer.concat(written.map(centralHeader));
  if (offset + central.length + END >= LIMIT) throw tooLarge();
  yield central;
  yield endRecord(written.length, central.length, offset);
}

/** The archive of these entries as a stream: each entry is opened when reached and read chunk by chunk. */
export function zipStream(entries: Iterable<ZipEntry> | AsyncIterable<ZipEntry>): Readable {
  return Readable.from(zipChunks(entries), { objectMode: false });
}

const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;

/**
 * A name safe to unpack anywhere: no folders (only what follows the last / or \), no control
 * characters or characters Windows refuses, no trailing dots or spaces, never '.', '..' or empty,
 * at most 180 characters (the extension kept).
 */
export function safeZipName(raw: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  let name = (raw.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '_').trim();
  name = name.replace(/[. ]+$/, '');
  if (name === '' || /^\.+$/.test(name)) name = 'file';
  if (WINDOWS_RESERVED.test(name)) name = `_${name}`;
  if (name.length > 180) {
    const dot = name.lastIndexOf('.');
    const ext = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
    name = name.slice(0, 180 - ext.length) + ext;
  }
  return name;
}

/**
 * Safe names, unique within one archive (compared without case, as Windows and macOS do): a
 * name seen before gets " (2)", " (3)" … before its extension.
 */
export function zipNames(raw: readonly string[]): string[] {
  const taken = new Set<string>();
  return raw.map((r) => {
    const name = safeZipName(r);
    const dot = name.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let candidate = name;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}
