/** The owed work's wiring (composition/wiring.ts says what the wiring is). */
import { logger } from 'firebase-functions';
import { db } from '../../platform/adapters/firebase.js';
import { textIn } from '../../platform/adapters/locales.js';
import { environment } from '../environment.js';
import { FirestoreOwedWorkStore } from '../../owed-work/adapters/owed-work-store.js';
import { OwedWorkFlow } from '../../owed-work/flows/owed-work-flow.js';

export const owedWorkFlow = new OwedWorkFlow({
  store: environment().owedWorkStore(new FirestoreOwedWorkStore(db, logger)),
  push: environment().pushTransport(),
  textIn,
  logger,
  now: () => new Date(),
});
