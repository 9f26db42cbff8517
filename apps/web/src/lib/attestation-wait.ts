/**
 * Whether the App Check fallback's check (app-check-fallback.ts: a challenge, solved in the page,
 * then redeemed) has been under way for a while: on a slow phone it takes seconds, and a button that
 * only spins meanwhile says nothing of what it waits for. After CHECK_NOTICE_MS, a busy button says
 * so (`app.securityCheck`).
 */
import { useSyncExternalStore } from 'react';

export const CHECK_NOTICE_MS = 2_000;

let running = 0;
let long = false;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function setLong(value: boolean): void {
  if (long === value) return;
  long = value;
  for (const listener of listeners) listener();
}

/** Marks a check as under way; the answer ends it (once, however often it is called). */
export function checkStarted(): () => void {
  running += 1;
  if (running === 1) timer = setTimeout(() => setLong(true), CHECK_NOTICE_MS);
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    running -= 1;
    if (running > 0) return;
    clearTimeout(timer);
    setLong(false);
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True once a check has been under way for CHECK_NOTICE_MS, until no check is. */
export function useLongCheck(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => long,
    () => false,
  );
}
