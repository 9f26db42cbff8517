/**
 * No mail where the browser can prove the address: through the Firebase JS SDK as the sign-up page
 * would call it, against the stack's own issuer (tools/stack/src/local-email-issuer.ts), which the
 * stack starts and points the functions at, with EMAIL_PROOF on. A token the issuer issued for the
 * new account's address, bound to the form's nonce, proves it with no mail sent and joins the
 * inviter once; every other token hears one refusal and changes nothing. (A stack started before
 * the issuer was part of it must be restarted for these.)
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ActivationAnswer, EmailProofNonce } from '@dayfocus/contracts/answers';
import { issuerSigner, presentToken } from '@dayfocus/stack/email-issuer';
import { callableHeaders, localEmailIssuer, localIssuerToken, urls } from '@dayfocus/stack/testing';
import { EMAIL_PROOF_REFUSAL } from '../../src/email-proof/flows/address-proof-flow.js';
import {
  adminAuth,
  Browser,
  callAnonymously,
  createInviter,
  friendsBetween,
  joinsDelivered,
  outboxIds,
  pushesTo,
  refusalOf,
  signUpDoc,
  uniqueId,
  userDoc,
} from './support.js';

/** A tab of the sign-up form: its holder key, its nonce asked before she signs up, her new account. */
async function signedUpInTab(address = `${uniqueId('mira')}@${localEmailIssuer.domain}`) {
  const inviter = await createInviter({ name: 'Asha Verma' });
  const browser = new Browser();
  const holder = randomBytes(24).toString('base64url');
  const { nonce } = await browser.call<EmailProofNonce>('issueEmailProofNonce', { holder });
  const user = await browser.signUpWithEmail(address);
  await browser.call('registerInvitee', { inviterId: inviter.userId, name: 'Mira Nair' });
  return { inviter, browser, holder, nonce, user, uid: user.uid, address };
}

type Tab = Awaited<ReturnType<typeof signedUpInTab>>;

const tokenFor = (tab: Tab, address = tab.address) =>
  localIssuerToken({ address, audience: urls.hosting, nonce: tab.nonce });

const prove = (tab: Tab, token: string, changes: { nonce?: string; holder?: string } = {}) =>
  tab.browser.call<ActivationAnswer>('proveEmail', { token, nonce: tab.nonce, holder: tab.holder, ...changes });

const oneRefusal = {
  code: 'functions/invalid-argument',
  message: `${EMAIL_PROOF_REFUSAL} [400]`,
  details: { emailProof: 'refused' },
};

/** Nothing proved, nobody joined, no mail needed to say so: the account as it was. */
async function expectNothingProved(tab: Tab) {
  expect((await adminAuth.getUser(tab.uid)).emailVerified).toBe(false);
  expect(await friendsBetween(tab.inviter.userId, tab.uid)).toEqual([]);
  expect((await signUpDoc(tab.uid))?.signUpProvedAt).toBeUndefined();
}

describe('proveEmail', () => {
  it("proves the new account's address with no mail: verified, friends with the inviter, one join", async () => {
    const tab = await signedUpInTab();
    const token = await tokenFor(tab);
    const answer = await prove(tab, token);
    expect(answer).toMatchObject({ status: 200, inviter: { inviterId: tab.inviter.userId, name: 'Asha Verma' } });
    expect((await adminAuth.getUser(tab.uid)).emailVerified).toBe(true);
    expect(await friendsBetween(tab.inviter.userId, tab.uid)).toHaveLength(1);
    expect(await signUpDoc(tab.uid)).toMatchObject({ signUpProvedAt: expect.any(String) });
    expect(await userDoc(tab.uid)).toMatchObject({ isActive: true });
    expect(await outboxIds(tab.address)).toEqual([]);

    // Replayed: the nonce is spent, and nobody is joined twice.
    expect(await refusalOf(prove(tab, token))).toEqual(oneRefusal);
    await joinsDelivered(tab.inviter.userId);
    expect(await pushesTo(tab.inviter.fcmToken ?? '')).toHaveLength(1);
    await tab.browser.close();
  });

  it('refuses a forged token, another tab’s nonce and another address, and changes nothing', async () => {
    const tab = await signedUpInTab();
    const forger = issuerSigner(localEmailIssuer.issuer);
    const forged = presentToken(forger, { address: tab.address, audience: urls.hosting, nonce: tab.nonce });
    expect(await refusalOf(prove(tab, forged))).toEqual(oneRefusal);
    const good = await tokenFor(tab);
    const otherTab = randomBytes(24).toString('base64url');
    expect(await refusalOf(prove(tab, good, { holder: otherTab }))).toEqual(oneRefusal);
    const someoneElse = await tokenFor(tab, `${uniqueId('asha')}@${localEmailIssuer.domain}`);
    expect(await refusalOf(prove(tab, someoneElse))).toEqual(oneRefusal);
    await expectNothingProved(tab);
    // None of them spent the tab's nonce: its own good token still proves.
    expect(await prove(tab, good)).toMatchObject({ inviter: { inviterId: tab.inviter.userId } });
    await tab.browser.close();
  });

  it('refuses a replayed App Check token, with nothing of the replay written', async () => {
    const tab = await signedUpInTab();
    const headers = { ...callableHeaders(), authorization: `Bearer ${await tab.user.getIdToken()}` };
    const raw = async (token: string) => {
      const response = await fetch(`${urls.functions}/proveEmail`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ data: { token, nonce: tab.nonce, holder: tab.holder } }),
      });
      return [response.status, ((await response.json()) as { error?: { status?: string } }).error?.status];
    };
    expect(await raw('not a token')).toEqual([400, 'INVALID_ARGUMENT']);
    // The same App Check token again, now with a good proof: refused before the nonce is spent.
    const good = await tokenFor(tab);
    expect(await raw(good)).toEqual([401, 'UNAUTHENTICATED']);
    await expectNothingProved(tab);
    expect(await prove(tab, good)).toMatchObject({ inviter: { inviterId: tab.inviter.userId } });
    await tab.browser.close();
  });

  it('is for the signed-in e-mail account only', async () => {
    const holder = randomBytes(24).toString('base64url');
    const { nonce } = await callAnonymously<EmailProofNonce>('issueEmailProofNonce', { holder });
    expect(nonce).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await refusalOf(callAnonymously('proveEmail', { token: 'x', nonce, holder }))).toMatchObject({
      code: 'functions/unauthenticated',
    });
  });
});
