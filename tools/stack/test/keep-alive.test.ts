/**
 * The stack's kept-alive connections (src/keep-alive.mjs): a call sent on a kept-alive connection
 * to a Node server that then stands still past Node's 5 s keep-alive (as a loaded machine holds
 * the emulators' process; here SIGSTOP) is answered. With Node's own 5 s it was dropped unread
 * (ECONNRESET on the idle machine; on a busy one the client may have closed the connection first,
 * and a new one is answered, so only the stack's side is asserted here). That every server of the
 * running stack keeps its connections so: functions/test/stack/keep-alive.test.ts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';

const KEEP_ALIVE = fileURLToPath(new URL('../src/keep-alive.mjs', import.meta.url));
/** A plain Node HTTP server, as each of firebase-tools' emulators is one; it prints its port. */
const SERVER = `
  const server = require('node:http').createServer((request, response) => {
    request.resume();
    request.on('end', () => response.end('answered'));
  });
  server.listen(0, '127.0.0.1', () => console.log(server.address().port));
`;

const started: ChildProcess[] = [];
afterEach(() => {
  for (const child of started.splice(0)) {
    child.kill('SIGCONT');
    child.kill();
  }
});

async function server(preload: string[]): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [...preload, '-e', SERVER], { stdio: ['ignore', 'pipe', 'inherit'] });
  started.push(child);
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout?.once('data', (data: Buffer) => resolve(data.toString().trim()));
    child.once('exit', (code) => reject(new Error(`the server ended (${code}) before it listened`)));
  });
  return { child, url: `http://127.0.0.1:${port}/` };
}

/** What a POST answered, or why it failed (fetch's cause, as the Firebase SDK's callable sees it). */
async function post(url: string): Promise<string> {
  try {
    const response = await fetch(url, { method: 'POST', body: 'call' });
    return await response.text();
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return `failed: ${cause?.code ?? ''} ${cause?.message ?? String(error)}`;
  }
}

/**
 * A first call, then one on the same connection 1 s later while the server stands still 8 s: its
 * keep-alive timer falls due meanwhile.
 */
async function secondCallWhileHeld(url: string, child: ChildProcess): Promise<string> {
  expect(await post(url)).toBe('answered');
  await sleep(1_000);
  child.kill('SIGSTOP');
  const second = post(url);
  await sleep(8_000);
  child.kill('SIGCONT');
  return second;
}

describe('a call on a kept-alive connection to a server that stood still', () => {
  it("is answered with the stack's keep-alive, which the server states", { timeout: 60_000 }, async () => {
    const { child, url } = await server(['--import', KEEP_ALIVE]);
    expect(await secondCallWhileHeld(url, child)).toBe('answered');
    const response = await fetch(url, { method: 'POST', body: 'call' });
    await response.body?.cancel();
    expect(response.headers.get('keep-alive')).toBe('timeout=610');
  });
});
