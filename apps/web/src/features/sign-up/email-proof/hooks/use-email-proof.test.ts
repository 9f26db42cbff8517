import type { EmailProofNonce } from '@dayfocus/contracts/answers';
import { act, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RuntimeConfigContext } from '@/config/runtime-config';
import { createConfig } from '@/testing/fixtures';
import { isEmailProofOff } from '../api/email-proof';
import { browserToken, TOKEN_WAIT_MS, useEmailProof, type EmailProofApi } from './use-email-proof';

const MINUTE = 60_000;

/** The server's answers, one per ask, in order (a nonce made when asked); the holders it was asked for. */
function server(...answers: (Error | (() => EmailProofNonce))[]) {
  const holders: string[] = [];
  const api: EmailProofApi = {
    askEmailProofNonce: (holder) => {
      holders.push(holder);
      const answer = answers.shift() ?? new Error('no more answers');
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer());
    },
    isEmailProofOff,
  };
  return { holders, load: () => Promise.resolve(api) };
}

const nonceOf =
  (letter: string, expiresInMs = 15 * MINUTE) =>
  (): EmailProofNonce => ({
    nonce: letter.repeat(43),
    expiresAt: new Date(Date.now() + expiresInMs).toISOString(),
  });

/** The callable's refusal where EMAIL_PROOF is off, as the Functions SDK reports it. */
const switchedOff = Object.assign(new Error('switched off'), {
  code: 'functions/failed-precondition',
  details: { emailProof: 'off' },
});

/** The hook under a configuration that names the origin trial's token, or none. */
function renderProof(enabled: boolean, load: () => Promise<EmailProofApi>, originTrialToken: string | null = 'trial') {
  const config = createConfig(originTrialToken === null ? {} : { originTrialToken });
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(RuntimeConfigContext.Provider, { value: config }, children);
  return renderHook(() => useEmailProof(enabled, load), { wrapper });
}

async function settle(ms = 0) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe("the sign-up form's nonce for the browser's proof of the address", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    window.sessionStorage.clear();
  });
  afterEach(() => vi.useRealTimers());

  it('asks nothing before the app has the form', async () => {
    const { holders, load } = server(nonceOf('a'));
    const { result } = renderProof(false, load);
    await settle(20 * MINUTE);
    expect(holders).toEqual([]);
    expect(result.current).toBeNull();
  });

  it('asks nothing where the configuration names no origin-trial token: no browser could use it', async () => {
    const { holders, load } = server(nonceOf('a'));
    const { result } = renderProof(true, load, null);
    await settle(20 * MINUTE);
    expect(holders).toEqual([]);
    expect(result.current).toBeNull();
  });

  it("has the nonce for the tab's own key, the same key for the tab's next form", async () => {
    const { holders, load } = server(nonceOf('a'), nonceOf('b'));
    const first = renderProof(true, load);
    await settle();
    expect(first.result.current).toEqual({ nonce: 'a'.repeat(43), holder: holders[0] });
    expect(holders[0]).toMatch(/^[A-Za-z0-9_-]{22,64}$/);
    first.unmount();
    const second = renderProof(true, load);
    await settle();
    expect(holders).toEqual([holders[0], holders[0]]);
    expect(second.result.current?.nonce).toBe('b'.repeat(43));
  });

  it('asks for a new one before the last expires', async () => {
    const { holders, load } = server(nonceOf('a'), nonceOf('b'));
    const { result } = renderProof(true, load);
    await settle();
    await settle(13 * MINUTE);
    expect(holders).toHaveLength(1);
    await settle(2 * MINUTE);
    expect(holders).toHaveLength(2);
    expect(result.current?.nonce).toBe('b'.repeat(43));
  });

  it('shows nothing and asks no more where the proof is switched off', async () => {
    const { holders, load } = server(switchedOff, nonceOf('a'));
    const { result } = renderProof(true, load);
    await settle();
    expect(result.current).toBeNull();
    await settle(60 * MINUTE);
    expect(holders).toHaveLength(1);
    expect(result.current).toBeNull();
  });

  it('goes without a nonce when the ask fails, and asks again later', async () => {
    const { holders, load } = server(new Error('offline'), nonceOf('a'));
    const { result } = renderProof(true, load);
    await settle();
    expect(result.current).toBeNull();
    await settle(3 * MINUTE);
    expect(holders).toHaveLength(2);
    expect(result.current?.nonce).toBe('a'.repeat(43));
  });
});

describe("the browser's token, as the form is sent", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** The hidden field and the address field; `autofill`: the browser filled the address itself. */
  function fields({ autofill }: { autofill: boolean }) {
    const field = document.createElement('input');
    const address = document.createElement('input');
    vi.spyOn(address, 'matches').mockImplementation((selector: string) => autofill && selector === ':autofill');
    return { field, address };
  }

  /** `browserToken`'s answer, and whether it has come yet. */
  function watch(promise: Promise<string>) {
    const seen: { token?: string } = {};
    void promise.then((token) => (seen.token = token));
    return seen;
  }

  it('takes a token the browser fills shortly after "Sign up", where it filled the address', async () => {
    const { field, address } = fields({ autofill: true });
    const seen = watch(browserToken(field, address));
    await vi.advanceTimersByTimeAsync(800);
    expect(seen.token).toBeUndefined();
    field.value = 'the-browser-token';
    await vi.advanceTimersByTimeAsync(100);
    expect(seen.token).toBe('the-browser-token');
  });

  it(`waits ${TOKEN_WAIT_MS} ms at most, then goes on without one (the mail goes)`, async () => {
    const { field, address } = fields({ autofill: true });
    const seen = watch(browserToken(field, address));
    await vi.advanceTimersByTimeAsync(TOKEN_WAIT_MS - 50);
    expect(seen.token).toBeUndefined();
    await vi.advanceTimersByTimeAsync(50);
    expect(seen.token).toBe('');
    field.value = 'too-late';
    await vi.advanceTimersByTimeAsync(TOKEN_WAIT_MS);
    expect(seen.token).toBe('');
  });

  it('waits for nothing where she typed the address (no prompt was shown), nor when the token is there', async () => {
    const typed = fields({ autofill: false });
    const seen = watch(browserToken(typed.field, typed.address));
    await vi.advanceTimersByTimeAsync(0);
    expect(seen.token).toBe('');
    const filled = fields({ autofill: true });
    filled.field.value = 'at-once';
    const atOnce = watch(browserToken(filled.field, filled.address));
    await vi.advanceTimersByTimeAsync(0);
    expect(atOnce.token).toBe('at-once');
  });
});
