/**
 * Which Storage paths may stand for an inviter's picture. `profileImage` is written by the
 * app, and so, if the app lets users edit their record, by the user: a bare path must not let
 * one user have getInviter hand out a download URL for someone else's file. A path counts only
 * directly inside the inviter's own folder of the pictures folder,
 * `{picturesFolder}/{uid}/{file…}` (`ProfilePictures/asha/avatar.jpg`; the folder is the
 * PICTURES_FOLDER setting), with no `.`, `..` or empty segment. A uid anywhere else in the
 * path (`chats/ravi/asha/x.jpg`) does not make the file Asha's.
 */
import { functionParams } from '@dayfocus/contracts/function-params';

export const DEFAULT_PICTURES_FOLDER: string = functionParams.PICTURES_FOLDER.default;

export function isOwnPicturePath(path: string, ownerId: string, picturesFolder = DEFAULT_PICTURES_FOLDER): boolean {
  const segments = path.replace(/^\/+/, '').split('/');
  if (ownerId === '' || segments.length < 3) return false;
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) return false;
  const folder = picturesFolder.split('/').filter(Boolean);
  if (folder.length === 0) return false;
  const owner = segments.slice(0, folder.length + 1);
  return segments.length > folder.length + 1 && owner.join('/') === [...folder, ownerId].join('/');
}

/**
 * An address a browser may load as the picture as it stands: https, and plain http only on the
 * local stack (its Hosting emulator serves the demo pictures), never in production.
 */
export function isLoadablePictureUrl(value: string, options: { localHttp: boolean }): boolean {
  if (/^https:\/\//i.test(value)) return true;
  return options.localHttp && /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?\//i.test(value);
}
