/**
 * The composition root: builds every flow from the real adapters, once per instance, the one
 * place where ports (flows/ports.ts) meet their implementations. It stands above the slices, which
 * never import it; only the entry points above it (`entry-points/`) take what it built. Each slice's
 * flows are built in its own file of `wiring/`; this file holds what several of them read, so that
 * each store and client is made once per instance.
 */
import { logger } from 'firebase-functions';
import { FirebaseAccounts } from '../invites/adapters/accounts.js';
import { auth, db } from '../platform/adapters/firebase.js';
import { FunnelStore } from '../invites/adapters/funnel-store.js';
import { FirestoreInviteStore } from '../invites/adapters/invite-store.js';
import { FirestoreMailOutbox } from '../invites/adapters/mail-outbox.js';
import { FirestoreAddressProofs } from '../invites/adapters/address-proofs.js';

export const funnels = new FunnelStore(db);

export const inviteStore = new FirestoreInviteStore(db, funnels, logger);

export const accounts = new FirebaseAccounts(auth);

/** The Trigger Email extension's outbox: the verification mail's and the sign-up link's. */
export const mailOutbox = new FirestoreMailOutbox(db);

/** The sign-ups' proofs of their addresses: made by each way of proving, spent by activation. */
export const addressProofs = new FirestoreAddressProofs(db, funnels);
