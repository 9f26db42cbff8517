/**
 * Where the requests for a finishing link live (`_signUpLinkRequests/{id}`), with their converter:
 * shared by their store and the trigger that reads each one as it is created.
 */
import type { Firestore } from 'firebase-admin/firestore';
import { collections } from '@dayfocus/contracts/records';
import { converter } from '../../platform/adapters/converters.js';
import type { SignUpLinkRequest } from '../domain/sign-up-link-requests.js';

export const signUpLinkRequestConverter = converter<SignUpLinkRequest>();

export function signUpLinkRequestsIn(firestore: Firestore) {
  return firestore.collection(collections.signUpLinkRequests).withConverter(signUpLinkRequestConverter);
}
