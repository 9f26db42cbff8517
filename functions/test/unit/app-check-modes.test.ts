/**
 * App Check's rollout mode (`APP_CHECK_ENFORCEMENT=monitor` logs what enforcement would refuse)
 * never reaches a callable that mints a session: `redeemSignInHandoff` refuses a call without a
 * verified app, and a replay, in either mode. The callables run here as firebase-functions runs
 * their handlers, without the emulator.
 */
import { requestSchemaOf } from '@dayfocus/contracts/callables';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallableRequest } from 'firebase-functions/v2/https';
import { APP_CHECK_ALWAYS_CALLABLES } from '@dayfocus/contracts/functions';
import { specOf } from '../../src/platform/functions/capacity.js';

type Runnable = { run: (request: CallableRequest) => Promise<unknown> };
let callables: { defineCallable: typeof import('../../src/platform/functions/callable.js').defineCallable };
let consumed = false;

beforeAll(async () => {
  process.env.APP_CHECK_ENFORCEMENT = 'monitor';
  const { useEnvironment } = await import('../../src/platform/environment.js');
  useEnvironment({
    // Every token has been consumed before: each call is a replay.
    consumeAppCheckToken: async () => {
      consumed = true;
      return false;
    },
    countsAppCheckToken: () => true,
  } as never);
  callables = await import('../../src/platform/functions/callable.js');
});

afterAll(() => {
  delete process.env.APP_CHECK_ENFORCEMENT;
});

const schema = requestSchemaOf('revokeSignInHandoff'); // a request of no fields
const request = (app?: CallableRequest['app']) => ({ data: {}, app, rawRequest: {} }) as unknown as CallableRequest;
const spec = { name: 'someCallable', maxInstances: 1, replayProtected: true };

async function outcome(fn: Runnable, req: CallableRequest): Promise<string> {
  try {
    await fn.run(req);
    return 'ran';
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
}

describe('in monitor mode', () => {
  it('lets an ordinary callable run without an app, and on a replay (it only logs)', async () => {
    const fn = callables.defineCallable(spec, schema, async () => 'ok') as unknown as Runnable;
    expect(await outcome(fn, request())).toBe('ran');
    expect(await outcome(fn, request({ appId: '1:1:android:ab', token: {} } as never))).toBe('ran');
  });

  it('refuses a callable enforced always: without an app, and on a replay', async () => {
    const fn = callables.defineCallable(
      { ...spec, appCheckAlways: true },
      schema,
      async () => 'ok',
    ) as unknown as Runnable;
    expect(await outcome(fn, request())).toBe('unauthenticated');
    consumed = false;
    expect(await outcome(fn, request({ appId: '1:1:android:ab', token: {} } as never))).toBe('unauthenticated');
    expect(consumed).toBe(true);
  });

  it('is how the handoff redemption is declared in the manifest, and the one callable so declared', () => {
    expect(specOf('redeemSignInHandoff')).toMatchObject({ appCheckAlways: true });
    expect(APP_CHECK_ALWAYS_CALLABLES).toEqual(['redeemSignInHandoff']);
  });
});
