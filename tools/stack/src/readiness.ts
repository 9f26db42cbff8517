/** Polling until a service answers. */
import { createConnection } from 'node:net';

export async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs: number,
  isAborted: () => string | null,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const aborted = isAborted();
    if (aborted) throw new Error(`${what}: ${aborted}`);
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what} was not ready within ${Math.round(timeoutMs / 1000)} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export async function httpAnswers(url: string, init?: RequestInit): Promise<boolean> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(2_000) });
  return response.status < 500;
}

export function portInUse(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
