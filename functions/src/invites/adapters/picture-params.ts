/** Where the app keeps users' pictures in Storage: the one folder an inviter's picture path may name. */
import { defineString } from 'firebase-functions/params';
import { DEFAULT_PICTURES_FOLDER } from '../domain/pictures.js';

export const picturesFolder = defineString('PICTURES_FOLDER', {
  default: DEFAULT_PICTURES_FOLDER,
  description: "Storage folder of the users' pictures; an inviter's picture counts only at {folder}/{uid}/…",
});
