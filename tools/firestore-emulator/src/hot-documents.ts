/**
 * Production's per-document write limit, as a model the emulator can switch on (off by default).
 * Firestore sustains about one write a second on one document; a commit that writes a document
 * faster than that waits (production's lock waits and internal retries) and, when the wait grows
 * too long, fails with ABORTED "Too much contention on these documents. Please try again."
 *
 * The model: per document, a token bucket of `burst` writes that refills at `perSecond`. A commit
 * takes one token from each document it writes. When one of them has none, the commit waits for
 * its turn, holding the request (a real wait, as production holds it), up to `maxWaitMs`; a commit
 * whose turn would come later waits `maxWaitMs` and is then refused, writing nothing and taking no
 * token. Turns are kept in arrival order: a waiting commit has its token reserved.
 */
import { status } from '@grpc/grpc-js';
import { FirestoreError } from './errors.js';

/** Production's answer to a commit that writes a document beyond its rate (public reports). */
export const HOT_DOCUMENT_MESSAGE = 'Too much contention on these documents. Please try again.';

/** Time as the model sees it: injectable, so that tests need not wait for real. */
export interface HotDocumentClock {
  /** Milliseconds, growing. */
  now(): number;
  /** Settles once `ms` milliseconds of this clock have passed. */
  sleep(ms: number): Promise<void>;
}

export interface HotDocumentsOptions {
  /** Sustained writes a second to one document. */
  perSecond: number;
  /** Writes to one document that may come at once, above the sustained rate. */
  burst: number;
  /** The longest a commit waits for its turn; one that would wait longer is refused after this. */
  maxWaitMs: number;
  /** Default: the real time (Date.now, setTimeout). */
  clock?: HotDocumentClock;
}

/**
 * The numbers `FIRESTORE_HOT_DOCUMENTS=production` stands for. The rate: "one sustained write per
 * second, per document" (the Distributed Counter extension; Firestore's limits and best practices
 * say the same). The burst and the wait are ours: production documents neither (README).
 */
export const PRODUCTION_HOT_DOCUMENTS = { perSecond: 1, burst: 5, maxWaitMs: 2_000 } as const;

export const realClock: HotDocumentClock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * The setting as the CLI flag and `FIRESTORE_HOT_DOCUMENTS` spell it: unset, empty or `off` → off;
 * `production` → PRODUCTION_HOT_DOCUMENTS; or `perSecond,burst,maxWaitMs` (as `1,5,2000`).
 */
export function parseHotDocuments(value: string | undefined): HotDocumentsOptions | false {
  if (value === undefined || value === '' || value === 'off') return false;
  if (value === 'production') return { ...PRODUCTION_HOT_DOCUMENTS };
  const numbers = value.split(',').map(Number);
  const [perSecond, burst, maxWaitMs] = numbers;
  if (numbers.length !== 3 || perSecond === undefined || burst === undefined || maxWaitMs === undefined) {
    throw new Error(
      `hot documents (FIRESTORE_HOT_DOCUMENTS, --hot_documents): "off", "production" or "perSecond,burst,maxWaitMs", not "${value}"`,
    );
  }
  return checkedOptions({ perSecond, burst, maxWaitMs });
}

function checkedOptions(options: HotDocumentsOptions): HotDocumentsOptions {
  const { perSecond, burst, maxWaitMs } = options;
  if (!(perSecond > 0) || !Number.isFinite(perSecond)) throw new Error('hot documents: perSecond must be above 0');
  if (!Number.isInteger(burst) || burst < 1) throw new Error('hot documents: burst must be a whole number, at least 1');
  if (!Number.isInteger(maxWaitMs) || maxWaitMs < 0) {
    throw new Error('hot documents: maxWaitMs must be a whole number of milliseconds');
  }
  return options;
}

/** The setting in a few words, for a ready line: `1 write/s a document, burst 5, wait ≤ 2000 ms`. */
export function describeHotDocuments(options: HotDocumentsOptions | false | undefined): string {
  if (!options) return 'hot documents: off';
  return `hot documents: ${options.perSecond} write/s a document, burst ${options.burst}, wait ≤ ${options.maxWaitMs} ms`;
}

interface Bucket {
  /** Tokens at `at`; below 0 when commits wait for their turn. */
  tokens: number;
  at: number;
}

/** Buckets kept before full ones are forgotten (a full bucket is the same as none). */
const PRUNE_ABOVE = 10_000;

export class HotDocuments {
  readonly options: HotDocumentsOptions;
  private readonly clock: HotDocumentClock;
  private readonly buckets = new Map<string, Bucket>();
  private pruneAbove = PRUNE_ABOVE;

  constructor(options: HotDocumentsOptions) {
    this.options = checkedOptions(options);
    this.clock = options.clock ?? realClock;
  }

  /**
   * Waits for the turn of a commit that writes these documents (their full names), or waits
   * `maxWaitMs` and throws ABORTED with production's message when the turn would come later.
   */
  async pass(documents: readonly string[]): Promise<void> {
    const { admitted, waitMs } = this.admit(documents);
    if (waitMs > 0) await this.clock.sleep(waitMs);
    if (!admitted) throw new FirestoreError(status.ABORTED, HOT_DOCUMENT_MESSAGE);
  }

  /** Whether a commit writing these documents now gets a turn, and how long it waits for it. */
  admit(documents: readonly string[]): { admitted: boolean; waitMs: number } {
    const now = this.clock.now();
    const { perSecond, burst, maxWaitMs } = this.options;
    const buckets = [...new Set(documents)].map((document) => this.bucket(document, now));
    const waitMs = Math.max(0, ...buckets.map((bucket) => Math.ceil(((1 - bucket.tokens) * 1000) / perSecond)));
    if (waitMs > maxWaitMs) return { admitted: false, waitMs: maxWaitMs };
    for (const bucket of buckets) bucket.tokens -= 1;
    this.prune(now, burst);
    return { admitted: true, waitMs };
  }

  /** The document's bucket, refilled up to now. */
  private bucket(document: string, now: number): Bucket {
    const { perSecond, burst } = this.options;
    let bucket = this.buckets.get(document);
    if (!bucket) {
      bucket = { tokens: burst, at: now };
      this.buckets.set(document, bucket);
    }
    bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) * perSecond) / 1000);
    bucket.at = now;
    return bucket;
  }

  private prune(now: number, burst: number): void {
    if (this.buckets.size <= this.pruneAbove) return;
    for (const [document, bucket] of this.buckets) {
      const tokens = bucket.tokens + ((now - bucket.at) * this.options.perSecond) / 1000;
      if (tokens >= burst) this.buckets.delete(document);
    }
    this.pruneAbove = Math.max(PRUNE_ABOVE, this.buckets.size * 2);
  }
}
