/**
 * What a KYC image becomes before it is stored: only its pixels, encoded again (decision 036).
 * The upload itself is never kept, so nothing it carried besides the picture can reach a
 * reviewer's browser. A PDF is kept as it came and only ever served as a download.
 */
import { ApiError } from '../../lib/api-error';
import type { ImageType } from '../../lib/images/reencode';
import { reencodeInWorker } from '../../lib/images/reencode-in-worker';

/**
 * A 24-megapixel phone photo fits; a few kilobytes announcing more (a decompression bomb) are
 * refused before a byte is decoded. At 4 bytes a pixel that is at most 100 MB of pixels.
 */
export const MAX_DOCUMENT_PIXELS = 25_000_000;

const KIND: Record<ImageType, string> = { 'image/jpeg': 'JPEG', 'image/png': 'PNG' };

const unreadableImage = (type: ImageType) =>
  new ApiError(
    422,
    'DOCUMENT_UNREADABLE',
    'Unreadable image',
    `This file starts as a ${KIND[type]} image but cannot be read as one (it may be damaged or cut short). Take the photo or scan again and upload the new file.`,
  );

const tooManyPixels = (width: number, height: number) =>
  new ApiError(
    422,
    'DOCUMENT_TOO_MANY_PIXELS',
    'Image too large',
    `This image is ${width} × ${height} pixels; at most ${MAX_DOCUMENT_PIXELS / 1e6} megapixels are accepted. Take the photo at a lower resolution or reduce the image, then upload it again.`,
  );

const markupInImage = () =>
  new ApiError(
    415,
    'DOCUMENT_CONTAINS_MARKUP',
    'Unsafe document',
    'Even re-encoded, this image would hold web page or script content. Take the photo or scan again and upload the new file.',
  );

/** The bytes to store for an image: its pixels re-encoded, never the upload. */
export async function reencodedImage(bytes: Uint8Array, type: ImageType): Promise<Uint8Array> {
  const result = await reencodeInWorker(bytes, type, MAX_DOCUMENT_PIXELS);
  if (result.ok) return result.bytes;
  switch (result.problem) {
    case 'too-many-pixels':
      throw tooManyPixels(result.width, result.height);
    case 'markup':
      throw markupInImage();
    default:
      throw unreadableImage(type);
  }
}
