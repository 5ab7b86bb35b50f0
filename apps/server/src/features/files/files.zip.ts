import fs from 'node:fs/promises';

/** At most this many entries in an uploaded ZIP (F4). */
export const MAX_ZIP_ENTRIES = 10_000;
/** At most this many bytes once unpacked, all entries together (F4): a small file that unpacks to gigabytes is a bomb. */
export const MAX_ZIP_UNPACKED_BYTES = 2 * 1024 * 1024 * 1024;
/** Archives inside an archive are refused (F4): they hide their contents from every check. */
const NESTED_ARCHIVE = /\.(zip|zipx|jar|war|ear|apk|rar|7z|tar|tgz|gz|bz2|tbz2?|xz|txz|lz|lzma|zst|cab|iso|arj|lzh|z)$/i;

export type ZipVerdict =
  | { ok: true; entries: number; unpackedBytes: number }
  | { ok: false; code: 'too_large' | 'type_not_allowed'; reason: string };

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const MAX32 = 0xffffffff;

async function readAt(fh: fs.FileHandle, position: number, length: number): Promise<Buffer> {
  const buf = Buffer.alloc(length);
  const { bytesRead } = await fh.read(buf, 0, length, position);
  return buf.subarray(0, bytesRead);
}

/** A 64-bit little-endian size as a number; anything past 2^53 is far over every limit anyway. */
function u64(buf: Buffer, at: number): number {
  return Number(buf.readBigUInt64LE(at));
}

/**
 * Checks a ZIP from its central directory without unpacking anything (F4): the entry count, the
 * unpacked total the headers declare, and no archive inside (Office documents, which are ZIPs
 * too, get the same limits but may embed one another: `allowArchivesInside`). The file's bytes are what was
 * uploaded; nothing here trusts the sizes beyond comparing them with the limits (the archive is
 * stored and served as it is, never unpacked by the server).
 */
export async function inspectZip(file: string, opts: { allowArchivesInside?: boolean } = {}): Promise<ZipVerdict> {
  const fh = await fs.open(file, 'r');
  try {
    const { size } = await fh.stat();
    const tailLength = Math.min(size, 22 + 0xffff);
    const tail = await readAt(fh, size - tailLength, tailLength);
    let eocd = -1;
    for (let i = tail.length - 22; i >= 0; i--) {
      if (tail.readUInt32LE(i) === EOCD) {
        eocd = i;
        break;
      }
    }
    if (eocd < 0) return { ok: false, code: 'type_not_allowed', reason: 'no end of central directory' };
    let entries = tail.readUInt16LE(eocd + 10);
    let cdSize = tail.readUInt32LE(eocd + 12);
    let cdOffset = tail.readUInt32LE(eocd + 16);
    if (entries === 0xffff || cdSize === MAX32 || cdOffset === MAX32) {
      const locAt = eocd - 20;
      if (locAt < 0 || tail.readUInt32LE(locAt) !== ZIP64_LOCATOR) {
        return { ok: false, code: 'type_not_allowed', reason: 'zip64 without locator' };
      }
      const z64 = await readAt(fh, u64(tail, locAt + 8), 56);
      if (z64.length < 56 || z64.readUInt32LE(0) !== ZIP64_EOCD)
        return { ok: false, code: 'type_not_allowed', reason: 'bad zip64 record' };
      entries = u64(z64, 32);
      cdSize = u64(z64, 40);
      cdOffset = u64(z64, 48);
    }
    if (entries > MAX_ZIP_ENTRIES) return { ok: false, code: 'too_large', reason: `${entries} entries` };
    if (cdOffset + cdSize > size) return { ok: false, code: 'type_not_allowed', reason: 'central directory out of bounds' };
    const cd = await readAt(fh, cdOffset, cdSize);
    let at = 0;
    let seen = 0;
    let unpacked = 0;
    while (at + 46 <= cd.length && cd.readUInt32LE(at) === CENTRAL) {
      let entrySize = cd.readUInt32LE(at + 24);
      const nameLength = cd.readUInt16LE(at + 28);
      const extraLength = cd.readUInt16LE(at + 30);
      const commentLength = cd.readUInt16LE(at + 32);
      const name = cd.toString('utf8', at + 46, at + 46 + nameLength);
      if (entrySize === MAX32) {
        // The zip64 extra field (id 1) carries the real size first.
        const extra = cd.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength);
        let e = 0;
        entrySize = Number.POSITIVE_INFINITY;
        while (e + 4 <= extra.length) {
          const id = extra.readUInt16LE(e);
          const len = extra.readUInt16LE(e + 2);
          if (id === 1 && len >= 8) entrySize = u64(extra, e + 4);
          e += 4 + len;
        }
      }
      unpacked += entrySize;
      seen++;
      if (!opts.allowArchivesInside && NESTED_ARCHIVE.test(name.replace(/\/+$/, ''))) {
        return { ok: false, code: 'type_not_allowed', reason: 'archive inside the archive' };
      }
      if (seen > MAX_ZIP_ENTRIES) return { ok: false, code: 'too_large', reason: 'too many entries' };
      if (unpacked > MAX_ZIP_UNPACKED_BYTES) return { ok: false, code: 'too_large', reason: 'unpacks too large' };
      at += 46 + nameLength + extraLength + commentLength;
    }
    if (seen !== entries) return { ok: false, code: 'type_not_allowed', reason: 'entry count does not match' };
    return { ok: true, entries: seen, unpackedBytes: unpacked };
  } finally {
    await fh.close();
  }
}
