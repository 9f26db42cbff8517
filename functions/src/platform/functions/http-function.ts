/** The HTTP functions' wrapper: runs a flow's handler and sends its HttpAnswer, or a plain 500. */
import { logger } from 'firebase-functions';
import { onRequest, type HttpsOptions, type Request } from 'firebase-functions/v2/https';
import { FUNCTIONS_REGION } from '@dayfocus/contracts/brand';
import type { HttpAnswer } from '../domain/http-answer.js';
import type { HttpRequest } from '../domain/http-request.js';
import { purposeOf } from '../domain/previews.js';
import { clientOf } from './client-address.js';
import { specOf, type FunctionName, type FunctionSpec } from './capacity.js';

function requestOf(req: Request): HttpRequest {
  const header = (name: string) => req.get(name);
  return {
    method: req.method,
    rawUrl: req.originalUrl,
    userAgent: header('user-agent'),
    acceptLanguage: header('accept-language'),
    purpose: purposeOf(header),
    client: clientOf(req),
    cookie: header('cookie'),
    fetchSite: header('sec-fetch-site'),
    origin: header('origin'),
    form: formOf(req),
  };
}

/** A urlencoded body's fields, as the framework parsed them: strings only (a repeated field's first). */
function formOf(req: Request): Record<string, string> | undefined {
  if (!req.is('application/x-www-form-urlencoded') || typeof req.body !== 'object' || req.body === null)
    return undefined;
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.body as Record<string, unknown>)) {
    const first = Array.isArray(value) ? (value as unknown[])[0] : value;
    if (typeof first === 'string') fields[name] = first;
  }
  return fields;
}

/**
 * An HTTP function named by the manifest (or, in the local stack, by its own spec). The handler
 * gets the request as the flows read it, and Express's own for a body or a query.
 */
export function httpFunction(
  function_: FunctionName | FunctionSpec,
  handle: (request: HttpRequest, req: Request) => Promise<HttpAnswer> | HttpAnswer,
  options: Pick<HttpsOptions, 'secrets' | 'memory' | 'cpu'> = {},
) {
  const { name, maxInstances } = typeof function_ === 'string' ? specOf(function_) : function_;
  return onRequest({ region: FUNCTIONS_REGION, maxInstances, ...options }, async (req, res) => {
    try {
      const answer = await handle(requestOf(req), req);
      // Node's own setHeader/end: Express's set() would append a charset to application/json.
      res.statusCode = answer.status;
      for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
      res.end(req.method === 'HEAD' ? undefined : (answer.bytes ?? answer.body));
      // Cloud Functions (2nd gen) throttles CPU once the handler returns: finish the count's write here.
      await answer.pending;
    } catch (error) {
      logger.error(`${name} failed unexpectedly`, {
        url: req.originalUrl,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      });
      res
        .status(500)
        .set({ 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' })
        .send('Something went wrong; please try again.');
    }
  });
}
