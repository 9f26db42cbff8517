/**
 * An inviter's picture as bytes for her card: fetched from the address her pages show, within a
 * time and a size, or nothing (the card then shows her initials, as her page does when the
 * picture does not load).
 */
import type { Logger } from '../../platform/flows/ports.js';

/** A crawler waits for the card's first answer: a picture that is slower is drawn as initials. */
const FETCH_TIMEOUT_MS = 2_500;
/** A profile picture larger than this is no profile picture. */
const MAX_PICTURE_BYTES = 8 * 1024 * 1024;

export async function pictureBytes(photoUrl: string, logger: Logger): Promise<Uint8Array | undefined> {
  try {
    const response = await fetch(photoUrl, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: 'follow' });
    const length = Number(response.headers.get('content-length') ?? 0);
    if (!response.ok || length > MAX_PICTURE_BYTES) throw new Error(`status ${response.status}, ${length} bytes`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes.length > MAX_PICTURE_BYTES) throw new Error(`${bytes.length} bytes`);
    return bytes;
  } catch (error) {
    logger.warn("An inviter's picture could not be fetched for her card; it shows her initials", {
      photoUrl,
      error: error instanceof Error ? error.message : String(error),
    });
    return undefined;
  }
}
