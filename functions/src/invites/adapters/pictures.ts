/**
 * Resolves an inviter's picture to an address a browser can load. A picture that cannot
 * be resolved is shown as the placeholder, never reported as an error.
 */
import { getDownloadURL, type Storage } from 'firebase-admin/storage';
import { logger } from 'firebase-functions';
import { isLoadablePictureUrl, isOwnPicturePath } from '../domain/pictures.js';
import { withinTime } from '../../platform/adapters/time-limit.js';

const RESOLVE_TIMEOUT_MS = 3_000;

export interface PictureRules {
  /** `{folder}/{uid}/…` */
  picturesFolder: string;
  /** On the local stack: plain http pictures of 127.0.0.1 and localhost load too. */
  localHttp: boolean;
}

export async function resolvePictureUrl(
  storage: () => Storage,
  profileImage: unknown,
  ownerId: string,
  rules: PictureRules,
): Promise<string | null> {
  if (typeof profileImage !== 'string' || profileImage.trim() === '') return null;
  const value = profileImage.trim();
  if (isLoadablePictureUrl(value, rules)) return value;
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) return null; // any other scheme (javascript:, data:, plain http)
  if (!isOwnPicturePath(value, ownerId, rules.picturesFolder)) {
    logger.warn("Inviter picture path is outside the inviter's own folder; the page shows the placeholder", {
      ownerId,
      path: value,
    });
    return null;
  }
  try {
    const file = storage().bucket().file(value.replace(/^\/+/, ''));
    return await withinTime(getDownloadURL(file), RESOLVE_TIMEOUT_MS, "The picture's address");
  } catch (error) {
    logger.warn('Inviter picture could not be resolved; the page shows the placeholder', {
      path: value,
      error: error instanceof Error ? error.message : String(error),
    });
    return null;
  }
}
