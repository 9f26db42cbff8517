/** The key of per-client limits, for the HTTP functions and the callables alike. */
import type { Request } from 'firebase-functions/v2/https';
import { clientAddressOf } from '../domain/http-request.js';
import { environment } from '../environment.js';

/**
 * The visitor's address as the platform vouches for it, whichever way the request came. Not
 * `req.ip`: under the platform's `trust proxy` it is the first X-Forwarded-For address, which the
 * client writes.
 */
export function clientOf(req: Request): string {
  return clientAddressOf((name) => req.get(name), req.socket?.remoteAddress, environment().forwarding);
}
