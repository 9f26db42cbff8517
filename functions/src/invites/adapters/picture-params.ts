/** Where the app keeps users' pictures in Storage: the one folder an inviter's picture path may name. */
import { stringParam } from '../../platform/adapters/params.js';

export const picturesFolder = stringParam('PICTURES_FOLDER');
