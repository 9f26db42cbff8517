/**
 * Our own stand-in for the `length-prefixed-json-stream` package (not in the workspace), which the
 * suite's `bundleToElementArray()` uses to read a Firestore bundle: a sequence of JSON values, each
 * preceded by its length in bytes written in decimal.
 */
import type { Readable } from 'node:stream';

export class JSONStreamIterator implements AsyncIterable<unknown> {
  constructor(private readonly readable: Readable) {}

  async *[Symbol.asyncIterator](): AsyncGenerator<unknown> {
    let pending: Buffer = Buffer.alloc(0);
    for await (const chunk of this.readable) {
      pending = Buffer.concat([pending, typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer)]);
      for (let element = takeElement(pending); element !== undefined; element = takeElement(pending)) {
        pending = element.rest;
        yield element.value;
      }
    }
    if (pending.toString('utf8').trim() !== '') throw new Error('The stream ends inside an element');
  }
}

/** The first complete element of `bytes` and the bytes after it, or undefined if incomplete. */
function takeElement(bytes: Buffer): { value: unknown; rest: Buffer } | undefined {
  const prefix = /^\s*(\d+)/.exec(bytes.subarray(0, 32).toString('latin1'));
  if (prefix?.[1] === undefined) return undefined;
  const start = prefix[0].length;
  const end = start + Number(prefix[1]);
  if (bytes.length < end) return undefined;
  return { value: JSON.parse(bytes.subarray(start, end).toString('utf8')) as unknown, rest: bytes.subarray(end) };
}
