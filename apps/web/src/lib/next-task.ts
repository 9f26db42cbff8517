/**
 * Gives the browser a turn (a tap, a frame) before the next step: `scheduler.yield()` where the
 * browser has it (the step then comes straight after, ahead of other work), else a new task.
 * Between two steps of the app's takeover, so that each is a task of its own, short enough not
 * to hold up a tap on a slow phone (takeover/entry.ts, app/start.tsx).
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
