/**
 * Functions that exist only in the local stack (the Functions emulator). index.ts exports
 * them only there, so a deploy never ships them.
 */
import * as yup from 'yup';
import { writeSucceeded } from '@dayfocus/contracts/write-result';
import { requestSchemaOf } from '@dayfocus/contracts/callables';
import { db } from '../platform/adapters/firebase.js';
import { httpFunction } from '../platform/functions/http-function.js';
import { callerOf, defineCallable } from '../platform/functions/callable.js';
import { activationDoor } from '../composition/wiring/activation.js';
import { owedWorkFlow } from '../composition/wiring/owed-work.js';
import { localCollections } from './collections.js';
import { localFunctions } from './manifest.js';
import { writeGate } from '../platform/adapters/write-gate.js';

/** The benchmark's baseline: one document write behind the same callable plumbing. */
export const devBaselineWrite = defineCallable(
  localFunctions.devBaselineWrite,
  yup.object({}).noUnknown().strict(),
  async () => {
    await db.collection(localCollections.baseline).add({ at: new Date().toISOString() });
    return writeSucceeded;
  },
);

/**
 * A second reference for the benchmark: the least a replay-protected write can do. It consumes
 * its App Check token beside one transactional read, then commits one write, as every sign-up
 * call must (activation adds the rest of its reads, the Auth lookup and the enqueue).
 */
export const devBaselineGuardedCommit = defineCallable(
  localFunctions.devBaselineGuardedCommit,
  yup.object({}).noUnknown().strict(),
  async () => {
    const ref = db.collection(localCollections.baseline).doc();
    await db.runTransaction(async (tx) => {
      await tx.get(ref);
      await writeGate();
      tx.create(ref, { at: new Date().toISOString() });
    });
    return writeSucceeded;
  },
  { consumesBesideReads: true },
);

/**
 * The benchmark's measure of the write gate: `activateAccount` as it is, but with its App Check token
 * consumed before the handler starts, as `onCall({ consumeAppCheckToken: true })` does, instead of
 * beside the handler's reads (platform/adapters/write-gate.ts). Same request, flow and answer.
 */
export const devActivateConsumingFirst = defineCallable(
  localFunctions.devActivateConsumingFirst,
  requestSchemaOf('activateAccount'),
  ({ verificationCode: code, ...page }, request) =>
    activationDoor.activate(callerOf(request), {
      ...page,
      way: code ? { kind: 'mail-link', input: { uid: page.uid, code } } : undefined,
    }),
  { consumesBesideReads: false },
);

/**
 * Runs the owed-work sweep once, as the scheduled function does (scheduled functions do not
 * fire in the emulator). `now` lets a test stand at a later time, past a backoff or a lease.
 */
export const devSweepOwedPushes = defineCallable(
  localFunctions.devSweepOwedPushes,
  yup
    .object({
      now: yup
        .string()
        .strict()
        .optional()
        .test('iso-time', 'now must be an ISO time', (v) => v === undefined || !Number.isNaN(Date.parse(v))),
    })
    .noUnknown()
    .strict(),
  async (input) => owedWorkFlow.sweepOwedWork(input.now ? new Date(input.now) : new Date()),
);

/**
 * The short-link benchmark's baseline: an HTTP function that answers at once, behind a Hosting
 * rewrite like `/l/**` (the stack adds `/dev/trivial` to its local firebase.json). What a link
 * open costs beyond it is our code's.
 */
export const devTrivialHttp = httpFunction(localFunctions.devTrivialHttp, () => ({
  status: 200,
  headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  body: 'ok',
}));
