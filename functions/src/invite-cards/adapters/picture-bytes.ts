/**
 * An inviter's picture as bytes for her card: fetched from the address her pages show, within a
 * time and a size, or nothing (the card then shows her initials, as her page does when the
 * picture does not load). Her address and every redirect from it must be a picture source
 * (domain/picture-sources.ts); the fetch is the platform's of an untrusted address
 * (platform/adapters/untrusted-fetch.ts), which checks each connection's address as it is made.
 */
import { fetchUntrusted } from '../../platform/adapters/untrusted-fetch.js';
import type { Logger } from '../../platform/flows/ports.js';
import { isPictureSource, type PictureSourceRules } from '../domain/picture-sources.js';

/** A crawler waits for the card's first answer: a picture that is slower is drawn as initials. */
const FETCH_TIMEOUT_MS = 2_500;
/** A profile picture larger than this is no profile picture; the reading stops there. */
const MAX_PICTURE_BYTES = 8 * 1024 * 1024;
/** Storage and Google's picture host answer at once; a chain of redirects is no picture's. */
const MAX_REDIRECTS = 3;

export async function pictureBytes(
  photoUrl: string,
  rules: PictureSourceRules,
  logger: Logger,
): Promise<Uint8Array | undefined> {
  try {
    return await fetchUntrusted(new URL(photoUrl), {
      accept: 'image/*',
      timeoutMs: FETCH_TIMEOUT_MS,
      maxBytes: MAX_PICTURE_BYTES,
      maxRedirects: MAX_REDIRECTS,
      reach: rules,
      mayAsk: (url) => (isPictureSource(url, rules) ? undefined : `${url.origin} is no host a picture comes from`),
    });
  } catch (error) {
    logger.warn("An inviter's picture could not be fetched for her card; it shows her initials", {
      photoUrl,
      error: error instanceof Error ? error.message : String(error),
    });
    return undefined;
  }
}
