/**
 * Every server of the running stack keeps an idle connection past Node's fetch's longest, and says
 * so (tools/stack/src/keep-alive.mjs): with Node's own 5 s, a call sent on a kept-alive connection
 * while the busy machine held the emulators' process was dropped unread, and a callable answered
 * `internal` without reaching its function (tools/stack/test/keep-alive.test.ts shows how).
 */
import { describe, expect, it } from 'vitest';
import { urls } from '@dayfocus/stack/testing';

const servers = {
  'the Functions emulator (callables)': `${urls.functions}/getInviter`,
  'the Auth emulator': `${urls.auth}/`,
  'the Hosting emulator': `${urls.hosting}/config.json`,
  "the emulators' hub": `${urls.hub}/emulators`,
};

describe("the stack's servers", () => {
  it.each(Object.entries(servers))('%s keeps an idle connection 610 s', async (_, url) => {
    const response = await fetch(url);
    await response.body?.cancel();
    expect(response.headers.get('keep-alive')).toBe('timeout=610');
  });
});
