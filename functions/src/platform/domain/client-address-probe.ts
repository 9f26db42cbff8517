/**
 * The client-address probe: what a deployed function got of a visitor's address, for the deploy's
 * smoke check (`npm run deploy:smoke`, tools/deploy/src/client-address.ts), which calls it through
 * each way in and holds the keys against each other (docs/deploy-checks.md, "The client address").
 */
import { methodNotAllowed, type HttpAnswer } from './http-answer.js';
import type { HttpRequest } from './http-request.js';

/** The probe's answer: the chain as the function got it, and the key it makes of it. */
export interface ClientAddressProbeAnswer {
  forwardedFor: string | null;
  /** RFC 7239's header, which Cloud Run's front end writes too. */
  forwarded: string | null;
  /** The socket's peer: Cloud Run's proxy in a deployment. */
  socket: string | null;
  /** The key of per-client limits (clientAddressOf). */
  client: string;
}

export interface ForwardingSeen {
  forwardedFor: string | undefined;
  forwarded: string | undefined;
  socket: string | undefined;
}

/** Never cached: Hosting's CDN would hand one visitor's addresses to the next. */
export function clientAddressProbeAnswer(request: HttpRequest, seen: ForwardingSeen): HttpAnswer {
  if (request.method !== 'GET' && request.method !== 'HEAD') return methodNotAllowed('GET, HEAD');
  const answer: ClientAddressProbeAnswer = {
    forwardedFor: seen.forwardedFor ?? null,
    forwarded: seen.forwarded ?? null,
    socket: seen.socket ?? null,
    client: request.client ?? 'unknown',
  };
  return {
    status: 200,
    headers: {
      'content-type': 'application/json',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
    body: JSON.stringify(answer),
  };
}
