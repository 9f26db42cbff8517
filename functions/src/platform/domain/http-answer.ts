export interface HttpAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** A body of bytes (a picture), sent instead of `body`. */
  bytes?: Uint8Array;
  /**
   * Work started for this request that the answer does not wait on (the count of a link
   * open). It never rejects: failures are logged. The HTTP function awaits it after `res.end`:
   * Cloud Functions (2nd gen) throttles an instance's CPU once the response is sent unless
   * the handler is still running, so a write left behind could stall until the next request
   * (or be lost when the instance is reclaimed); the visitor already has the answer.
   */
  pending?: Promise<void>;
}

export function methodNotAllowed(allow: string): HttpAnswer {
  return {
    status: 405,
    headers: { allow, 'content-type': 'text/plain; charset=utf-8' },
    body: 'Method not allowed',
  };
}
