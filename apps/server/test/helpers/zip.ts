import { crc32 } from 'node:zlib';

/** One entry read back from a ZIP: its name, its bytes and its CRC-32 as the central directory states it. */
export interface UnzippedEntry {
  name: string;
  data: Buffer;
  crc: number;
  flags: number;
  method: number;
}

/**
 * Reads a stored (uncompressed) ZIP the way unzip tools do: the end record, then the central
 * directory, then each entry's local header and bytes. Fails on a bad signature, a compressed
 * entry or a CRC that does not match the bytes, so a test reading it checks the writer too.
 */
export function unzip(zip: Buffer): UnzippedEntry[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('no end of central directory');
  const count = zip.readUInt16LE(end + 10);
  const cdOffset = zip.readUInt32LE(end + 16);
  const out: UnzippedEntry[] = [];
  let p = cdOffset;
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(p) !== 0x02014b50) throw new Error(`bad central header at ${p}`);
    const flags = zip.readUInt16LE(p + 8);
    const method = zip.readUInt16LE(p + 10);
    const crc = zip.readUInt32LE(p + 16);
    const size = zip.readUInt32LE(p + 20);
    const nameLen = zip.readUInt16LE(p + 28);
    const extraLen = zip.readUInt16LE(p + 30);
    const commentLen = zip.readUInt16LE(p + 32);
    const local = zip.readUInt32LE(p + 42);
    const name = zip.subarray(p + 46, p + 46 + nameLen).toString('utf8');
    if (zip.readUInt32LE(local) !== 0x04034b50) throw new Error(`bad local header for ${name}`);
    if (method !== 0) throw new Error(`${name} is compressed`);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + size);
    if (crc32(data) !== crc) throw new Error(`CRC of ${name} does not match`);
    out.push({ name, data, crc, flags, method });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return out;
}
