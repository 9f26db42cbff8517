import type { EmailProofNonce } from '@dayfocus/contracts/answers';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isEmailProofOff } from './api/email-proof';
import { useEmailProof, type EmailProofApi } from './use-email-proof';

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
    const { result } = renderHook(() => useEmailProof(false, load));
    await settle(20 * MINUTE);
    expect(holders).toEqual([]);
    expect(result.current).toBeNull();
  });

  it("has the nonce for the tab's own key, the same key for the tab's next form", async () => {
    const { holders, load } = server(nonceOf('a'), nonceOf('b'));
    const first = renderHook(() => useEmailProof(true, load));
    await settle();
    expect(first.result.current).toEqual({ nonce: 'a'.repeat(43), holder: holders[0] });
    expect(holders[0]).toMatch(/^[A-Za-z0-9_-]{22,64}$/);
    first.unmount();
    const second = renderHook(() => useEmailProof(true, load));
    await settle();
    expect(holders).toEqual([holders[0], holders[0]]);
    expect(second.result.current?.nonce).toBe('b'.repeat(43));
  });

  it('asks for a new one before the last expires', async () => {
    const { holders, load } = server(nonceOf('a'), nonceOf('b'));
    const { result } = renderHook(() => useEmailProof(true, load));
    await settle();
    await settle(13 * MINUTE);
    expect(holders).toHaveLength(1);
    await settle(2 * MINUTE);
    expect(holders).toHaveLength(2);
    expect(result.current?.nonce).toBe('b'.repeat(43));
  });

  it('shows nothing and asks no more where the proof is switched off', async () => {
    const { holders, load } = server(switchedOff, nonceOf('a'));
    const { result } = renderHook(() => useEmailProof(true, load));
    await settle();
    expect(result.current).toBeNull();
    await settle(60 * MINUTE);
    expect(holders).toHaveLength(1);
    expect(result.current).toBeNull();
  });

  it('goes without a nonce when the ask fails, and asks again later', async () => {
    const { holders, load } = server(new Error('offline'), nonceOf('a'));
    const { result } = renderHook(() => useEmailProof(true, load));
    await settle();
    expect(result.current).toBeNull();
    await settle(3 * MINUTE);
    expect(holders).toHaveLength(2);
    expect(result.current?.nonce).toBe('a'.repeat(43));
  });
});
