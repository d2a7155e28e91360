import { createHash } from 'node:crypto'
import sharp, { type Metadata } from 'sharp'
import { HttpError } from '../../platform/index.ts'

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024
export const MAX_IMAGE_PIXELS = 40_000_000
export const IMAGE_WIDTHS = [480, 960, 1600] as const
const MAX_WIDTH = IMAGE_WIDTHS[2]
export const UPLOAD_CONTENT_TYPE = 'image/webp'

export const TOO_LARGE = 'The image is larger than 10 MB'
const NOT_AN_IMAGE = 'The file is not an image we accept (JPEG, PNG, WebP, GIF, AVIF or TIFF)'
const TOO_MANY_PIXELS = 'The image is larger than 40 megapixels'
const UNREADABLE = 'The image could not be read; it may be damaged'

/** SVG is refused: it is a document that can carry script, not pixels. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'tiff'])

/** Changes whenever the renditions of the same input would come out differently. */
const ENCODING = 'webp-q80-v1'
const WEBP_QUALITY = 80

export type Rendition = { key: string; width: number; height: number; bytes: Buffer }

/** The widths an image of `width` pixels is written at: the steps below it, then itself up to 1600. */
export function renditionWidths(width: number): number[] {
  const largest = Math.min(width, MAX_WIDTH)
  return [...IMAGE_WIDTHS.filter((w) => w < largest), largest]
}

/** sharp reports AVIF as HEIF compressed with AV1; any other HEIF (HEIC) is not accepted. */
function formatOf(metadata: Metadata): string {
  return metadata.format === 'heif' && metadata.compression === 'av1' ? 'avif' : metadata.format
}

function isPixelLimitError(error: unknown): boolean {
  return error instanceof Error && /pixel limit/i.test(error.message)
}

/**
 * Decodes an uploaded file and writes it as WebP at each width of `renditionWidths`, upright (EXIF
 * orientation applied) and with its metadata stripped. Keys start with a hash of the input, so the
 * same file uploaded twice gives the same keys, and a key's bytes never change.
 */
export async function processImage(input: Uint8Array): Promise<Rendition[]> {
  if (input.byteLength > MAX_IMAGE_BYTES) throw new HttpError(413, TOO_LARGE)
  const options = { limitInputPixels: MAX_IMAGE_PIXELS }
  let metadata: Metadata
  try {
    metadata = await sharp(input, options).metadata()
  } catch (error) {
    throw new HttpError(400, isPixelLimitError(error) ? TOO_MANY_PIXELS : NOT_AN_IMAGE)
  }
  if (!ACCEPTED_FORMATS.has(formatOf(metadata))) throw new HttpError(400, NOT_AN_IMAGE)
  if (metadata.width * metadata.height > MAX_IMAGE_PIXELS) throw new HttpError(400, TOO_MANY_PIXELS)

  const hash = createHash('sha256').update(ENCODING).update(input).digest('hex').slice(0, 16)
  const upright = sharp(input, options).rotate()
  try {
    return await Promise.all(
      renditionWidths(metadata.autoOrient.width).map(async (width) => {
        const { data, info } = await upright
          .clone()
          .resize({ width, withoutEnlargement: true })
          .webp({ quality: WEBP_QUALITY })
          .toBuffer({ resolveWithObject: true })
        return { key: `${hash}-${info.width}.webp`, width: info.width, height: info.height, bytes: data }
      }),
    )
  } catch (error) {
    throw new HttpError(400, isPixelLimitError(error) ? TOO_MANY_PIXELS : UNREADABLE)
  }
}
