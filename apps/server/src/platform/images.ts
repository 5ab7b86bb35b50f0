import sharp from 'sharp';

export interface ProcessedImage {
  width: number;
  height: number;
  /** The image re-encoded at full size: rotated upright, metadata (EXIF, GPS) stripped. */
  original: Buffer;
  thumb: Buffer;
  large: Buffer;
}

const FORMAT: Record<string, 'jpeg' | 'png' | 'webp'> = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' };

// Decompression bombs: refuse images over 100 megapixels before decoding them.
const LIMIT_INPUT_PIXELS = 100_000_000;

/** Makes the stored variants of an uploaded image: the cleaned original, 400 px and 1600 px WebP. */
export async function processImage(input: string | Buffer, mime: string): Promise<ProcessedImage> {
  const format = FORMAT[mime];
  if (!format) throw new Error(`not an accepted image type: ${mime}`);
  const base = () => sharp(input, { limitInputPixels: LIMIT_INPUT_PIXELS, failOn: 'error' }).rotate();
  const { data: original, info } = await base()
    .toFormat(format, format === 'png' ? { compressionLevel: 8 } : { quality: 88 })
    .toBuffer({ resolveWithObject: true });
  const [thumb, large] = await Promise.all([
    base().resize({ width: 400, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer(),
    base().resize({ width: 1600, withoutEnlargement: true }).webp({ quality: 82 }).toBuffer(),
  ]);
  return { width: info.width, height: info.height, original, thumb, large };
}
