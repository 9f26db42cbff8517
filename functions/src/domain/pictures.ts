/**
 * Which Storage paths may stand for an inviter's picture. `profileImage` is written by the
 * app, and so, if the app lets users edit their record, by the user: a bare path must not let
 * one user have getInviter hand out a download URL for someone else's file. A path counts only
 * inside a folder named by the inviter's own uid (`ProfilePictures/{uid}/avatar.jpg`,
 * `users/{uid}/profile.png`), with no `.` or `..` segment and no empty one.
 */
export function isOwnPicturePath(path: string, ownerId: string): boolean {
  const segments = path.replace(/^\/+/, '').split('/');
  if (segments.length < 2 || ownerId === '') return false;
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) return false;
  // A folder, not the file name: the uid names where the file lives.
  return segments.slice(0, -1).includes(ownerId);
}
