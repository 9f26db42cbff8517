/**
 * Callables that exist only in the local stack (the Functions emulator). index.ts exports
 * them only there, so a deploy never ships them.
 */
import * as yup from 'yup';
import { db } from '../adapters/firebase.js';
import { writeSucceeded } from '../domain/write-result.js';
import { callable } from './callable.js';

/** The benchmark's baseline: one document write behind the same callable plumbing. */
export const devBaselineWrite = callable('devBaselineWrite', yup.object({}).noUnknown().strict(), async () => {
  await db.collection('_devBaseline').add({ at: new Date().toISOString() });
  return writeSucceeded;
});
