import { AppError, ErrorCodes, badRequest } from '@caseload/core';
import sharp from 'sharp';
import { mediaTypeEssence } from './content-params.ts';

/** A rendered thumbnail. */
export interface Thumbnail {
  bytes: Buffer;
  contentType: string;
}

/** How a thumbnail of some content is encoded: its cache-key extension and its content type. */
export interface ThumbnailFormat {
  extension: 'png' | 'jpeg' | 'webp';
  contentType: string;
}

/**
 * What each image type's thumbnail is encoded as. Photos keep their format (a JPEG thumbnail is
 * far smaller than a PNG one); a GIF becomes a PNG of its first frame, since an animated
 * thumbnail is neither small nor what a preview wants.
 */
const THUMBNAIL_FORMATS: Record<string, ThumbnailFormat> = {
  'image/png': { extension: 'png', contentType: 'image/png' },
  'image/jpeg': { extension: 'jpeg', contentType: 'image/jpeg' },
  'image/webp': { extension: 'webp', contentType: 'image/webp' },
  'image/gif': { extension: 'png', contentType: 'image/png' },
};

/** Larger images are refused rather than decoded (a small file can claim a huge canvas). */
const MAX_INPUT_PIXELS = 100_000_000;

/** The thumbnail format for a content type; a 400 for content thumbnails are not made of. */
export function thumbnailFormat(contentType: string): ThumbnailFormat {
  const essence = mediaTypeEssence(contentType);
  const target = THUMBNAIL_FORMATS[essence];
  if (!target) {
    throw badRequest(
      `Thumbnails are made of PNG, JPEG, WebP and GIF images only; this content is ${essence}. Download it without ?thumbnail.`,
    );
  }
  return target;
}

/**
 * Resizes an image to fit within `size`×`size`, keeping its aspect ratio and never enlarging it.
 * The image is turned upright by its EXIF orientation first, and the output carries no metadata
 * (no camera, GPS or patient details from the original).
 */
export async function renderThumbnail(bytes: Buffer, contentType: string, size: number): Promise<Thumbnail> {
  const target = thumbnailFormat(contentType);
  try {
    const output = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize(size, size, { fit: 'inside', withoutEnlargement: true })
      .toFormat(target.extension)
      .toBuffer();
    return { bytes: output, contentType: target.contentType };
  } catch (error) {
    // The bytes do not decode as the type they were uploaded as: the client's input, not our fault.
    const message = `The content is labelled ${mediaTypeEssence(contentType)} but could not be read as an image.`;
    throw new AppError(ErrorCodes.BadRequest, message, { cause: error });
  }
}
