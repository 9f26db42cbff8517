/**
 * New accounts per client: the server makes an e-mail sign-up's account itself (email-sign-up-flow.ts),
 * where Auth's own limit of new accounts per IP address no longer sees the visitor. The same limit,
 * ours: 100 an hour for each client address, as Auth's (firebase.google.com/docs/auth/limits).
 */
import type { RollingWindow } from '../../platform/domain/rolling-window.js';

export const SIGN_UPS_PER_CLIENT: RollingWindow = { limit: 100, windowMs: 60 * 60_000 };
