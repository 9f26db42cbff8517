/**
 * Sends trigger events to the Functions emulator: at least once, and one after another for each
 * trigger and document (the next change of a document reaches a trigger only once the function
 * has answered the previous one, so it sees them in commit order); different documents and
 * triggers go in parallel.
 *
 * A request that gets no answer (the Functions emulator is down or restarting, the connection
 * broke, no answer within `timeoutMs`) is sent again, with the same event id, after a growing
 * pause, for about a minute. An answer is final: 2xx delivered; 404 means the Functions emulator
 * no longer has that trigger (it registers a new key each time it reloads the functions), which
 * is then forgotten; any other status (the function failed) is logged and, as in production
 * without `retry`, not sent again.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { triggerRequest, type DocumentChangeEvent, type TriggerRequest } from './trigger-events.js';
import type { Trigger } from './trigger-registry.js';

export interface DeliveryOptions {
  /** `host:port` of the Functions emulator (Google's emulator's `--functions_emulator`). */
  functionsEmulator: string;
  /** Where problems are told (default: console.warn). */
  log?: (line: string) => void;
  /** Pauses between attempts: the first, doubled each time up to `maxDelayMs`. */
  firstDelayMs?: number;
  maxDelayMs?: number;
  /** Attempts per event before it is given up (default 12: about a minute). */
  maxAttempts?: number;
  /** How long one attempt may wait for its answer (default 10 min: longer than any function may run). */
  timeoutMs?: number;
}

export interface DeliveryCounts {
  delivered: number;
  /** Answered with an error status, or given up after `maxAttempts`. */
  failed: number;
  /** Queued or on their way. */
  pending: number;
}

type Answer = { status: number } | { error: Error };

function post(url: URL, request: TriggerRequest, timeoutMs: number): Promise<Answer> {
  return new Promise((resolve) => {
    const body = Buffer.from(request.body, 'utf8');
    const outgoing = http.request(url, {
      method: 'POST',
      headers: { ...request.headers, 'content-length': String(body.length) },
    });
    outgoing.setTimeout(timeoutMs, () => outgoing.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    outgoing.on('error', (error) => resolve({ error }));
    outgoing.on('response', (response) => {
      response.resume(); // the answer's body says nothing we use
      response.on('end', () => resolve({ status: response.statusCode ?? 0 }));
      response.on('error', (error) => resolve({ error }));
    });
    outgoing.end(body);
  });
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class TriggerDelivery {
  private readonly queues = new Map<string, Promise<void>>();
  private readonly counts: DeliveryCounts = { delivered: 0, failed: 0, pending: 0 };
  private idleWaiters: (() => void)[] = [];

  /** `forget` is told of a trigger the Functions emulator no longer has. */
  constructor(
    private readonly options: DeliveryOptions,
    private readonly forget: (trigger: Trigger) => void,
  ) {}

  /** Queues `event` for `trigger`, behind the earlier events of the same trigger and document. */
  enqueue(trigger: Trigger, event: DocumentChangeEvent): void {
    const queue = `${trigger.project}/${trigger.key}\n${event.database}/${event.path}`;
    const id = randomUUID();
    this.counts.pending++;
    const previous = this.queues.get(queue) ?? Promise.resolve();
    const next = previous
      .then(() => this.deliver(trigger, event, id))
      .catch((error: unknown) => {
        this.counts.failed++;
        this.log(`${trigger.eventType} of ${event.path} for trigger ${trigger.key} not sent: ${String(error)}`);
      });
    this.queues.set(queue, next);
    void next.then(() => {
      if (this.queues.get(queue) === next) this.queues.delete(queue);
      this.counts.pending--;
      if (this.counts.pending === 0) for (const wake of this.idleWaiters.splice(0)) wake();
    });
  }

  counters(): DeliveryCounts {
    return { ...this.counts };
  }

  /** Settles once nothing is queued or on its way. */
  idle(): Promise<void> {
    if (this.counts.pending === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private log(line: string): void {
    (this.options.log ?? ((text: string) => console.warn(text)))(`Firestore emulator: ${line}`);
  }

  private async deliver(trigger: Trigger, event: DocumentChangeEvent, id: string): Promise<void> {
    const url = new URL(
      `http://${this.options.functionsEmulator}/functions/projects/${encodeURIComponent(trigger.project)}/triggers/${encodeURI(trigger.key)}`,
    );
    const request = triggerRequest(trigger, event, id);
    const what = `${trigger.eventType} of ${event.path} for trigger ${trigger.key}`;
    const maxAttempts = this.options.maxAttempts ?? 12;
    let delay = this.options.firstDelayMs ?? 250;
    for (let attempt = 1; ; attempt++) {
      const answer = await post(url, request, this.options.timeoutMs ?? 600_000);
      if ('status' in answer) {
        if (answer.status >= 200 && answer.status < 300) this.counts.delivered++;
        else this.counts.failed++;
        if (answer.status === 404) {
          this.forget(trigger);
          this.log(`the Functions emulator has no trigger ${trigger.key} any more (404); it is forgotten`);
        } else if (answer.status >= 300) this.log(`${what}: the Functions emulator answered ${answer.status}`);
        return;
      }
      if (attempt >= maxAttempts) {
        this.counts.failed++;
        this.log(`${what} not delivered after ${attempt} attempts: ${answer.error.message}`);
        return;
      }
      await sleep(delay);
      delay = Math.min(delay * 2, this.options.maxDelayMs ?? 8_000);
    }
  }
}
