// The e-mail proof's verifier against the local issuer of the stack, found as Gmail is: its DNS
// record answered by the issuer's own DNS server, its metadata and keys fetched over HTTP from it.
// Each refused token differs from a good one in one thing only, and names the check that caught it.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bindToken,
  ed25519Keys,
  issuerSigner,
  presentToken,
  signJwt,
  startEmailIssuer,
  type LocalEmailIssuer,
} from '@dayfocus/stack/email-issuer';
import type { Presentation } from '@dayfocus/stack/email-issuer';
import { issuerDirectory } from '../../src/email-proof/adapters/issuer-discovery.js';
import { PROOF_WINDOW } from '../../src/email-proof/domain/proof-checks.js';
import type { NonceSpending, ProofNonces } from '../../src/email-proof/flows/ports.js';
import { verifyEmailProof, type ProofRequest } from '../../src/email-proof/flows/email-proof-flow.js';

const ORIGIN = 'https://dayfocus.example';
const ADDRESS = 'asha@mail.dayfocus.test';
const HOLDER = 'tab-1';

/** The nonces we handed out, each to a holder, spent once (a transaction in the real store). */
function memoryNonces(): ProofNonces & { handOut(nonce: string, holder?: string): string } {
  const handed = new Map<string, { holder: string; spent: boolean }>();
  return {
    handOut(nonce, holder = HOLDER) {
      handed.set(nonce, { holder, spent: false });
      return nonce;
    },
    async spend(nonce, holder): Promise<NonceSpending> {
      const entry = handed.get(nonce);
      if (!entry || entry.holder !== holder) return 'unknown';
      if (entry.spent) return 'already-spent';
      entry.spent = true;
      return 'spent';
    },
  };
}

let issuer: LocalEmailIssuer;
let nonces: ReturnType<typeof memoryNonces>;
let counter = 0;

beforeAll(async () => {
  issuer = await startEmailIssuer({ issuer: 'issuer.dayfocus.test', domains: ['mail.dayfocus.test'] });
});
afterAll(() => issuer.close());

/** A fresh nonce of ours, a token the browser made with it, and the request our form would send. */
function presented(changes: Partial<Presentation> = {}, signer = issuer.signer) {
  nonces ??= memoryNonces();
  const nonce = nonces.handOut(`nonce-${++counter}-${'x'.repeat(22)}`);
  const token = presentToken(signer, { address: ADDRESS, audience: ORIGIN, nonce, ...changes });
  return { token, address: ADDRESS, origin: ORIGIN, nonce, holder: HOLDER } satisfies ProofRequest;
}

const verify = (request: ProofRequest, now = new Date()) =>
  verifyEmailProof(request, { directory: issuerDirectory(issuer.discovery), nonces }, now);

async function refusalOf(request: ProofRequest, now?: Date) {
  const answer = await verify(request, now);
  return answer.ok ? 'proven' : answer.refusal;
}

describe('a token from the local issuer', () => {
  it('proves the address, once', async () => {
    const request = presented();
    await expect(verify(request)).resolves.toEqual({
      ok: true,
      address: ADDRESS,
      issuer: 'issuer.dayfocus.test',
      issuedAt: expect.stringMatching(/^\d{4}-/),
    });
  });

  it('proves it when the browser asked the issuance endpoint its metadata names, as Chrome does', async () => {
    const metadata = (await (await fetch(`${issuer.origin}/.well-known/email-verification`)).json()) as {
      issuance_endpoint: string;
    };
    const holder = ed25519Keys();
    const claims = { aud: issuer.signer.issuer, iat: Math.floor(Date.now() / 1000), email: ADDRESS };
    const requestToken = signJwt({ alg: 'EdDSA', jwk: holder.publicJwk }, claims, holder.privateKey);
    const issued = await fetch(metadata.issuance_endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-dest': 'email-verification' },
      body: new URLSearchParams({ request_token: requestToken }),
    });
    const { issuance_token } = (await issued.json()) as { issuance_token: string };
    const request = presented();
    const token = bindToken(issuance_token, holder.privateKey, { audience: ORIGIN, nonce: request.nonce });
    await expect(refusalOf({ ...request, token })).resolves.toBe('proven');
  });

  it('proves it whatever the case the form and the issuer write the address in', async () => {
    const request = { ...presented(), address: 'Asha@Mail.Dayfocus.Test' };
    await expect(refusalOf(request)).resolves.toBe('proven');
  });
});

describe('a token that proves nothing', () => {
  it("is refused when another key signed it under the issuer's name and key id (forged)", async () => {
    const forger = issuerSigner('issuer.dayfocus.test', issuer.signer.kid);
    await expect(refusalOf(presented({}, forger))).resolves.toBe('issuer-signature');
  });

  it('is refused when it comes again: its nonce is spent (replayed)', async () => {
    const request = presented();
    await expect(refusalOf(request)).resolves.toBe('proven');
    await expect(refusalOf(request)).resolves.toBe('nonce-spent');
  });

  it('is refused when it carries a nonce we never handed out', async () => {
    const request = presented();
    const made = presentToken(issuer.signer, { address: ADDRESS, audience: ORIGIN, nonce: 'made-up-nonce-of-his-own' });
    await expect(refusalOf({ ...request, token: made, nonce: 'made-up-nonce-of-his-own' })).resolves.toBe(
      'nonce-unknown',
    );
  });

  it('is refused when the nonce was handed to another tab', async () => {
    await expect(refusalOf({ ...presented(), holder: 'tab-2' })).resolves.toBe('nonce-unknown');
  });

  it('is refused when it was bound to another nonce than the form carried (wrong nonce)', async () => {
    const request = presented();
    const other = presented();
    await expect(refusalOf({ ...request, token: other.token })).resolves.toBe('nonce-mismatch');
  });

  it('is refused when it was bound to another origin (wrong audience)', async () => {
    await expect(refusalOf(presented({ audience: 'https://dayfocus.example.evil.test' }))).resolves.toBe('audience');
  });

  it('is refused when it is older than the window (expired), the issuer token or its binding', async () => {
    const old = new Date(Date.now() - (PROOF_WINDOW.maxAgeSeconds + PROOF_WINDOW.clockSkewSeconds + 5) * 1000);
    await expect(refusalOf(presented({ issuedAt: old }))).resolves.toBe('expired');
    await expect(refusalOf(presented({ evtClaims: { iat: Math.floor(old.getTime() / 1000) } }))).resolves.toBe(
      'expired',
    );
    await expect(refusalOf(presented({ kbClaims: { iat: Math.floor(old.getTime() / 1000) } }))).resolves.toBe(
      'expired',
    );
  });

  it('is refused when it is dated ahead of our clock beyond the skew', async () => {
    const ahead = new Date(Date.now() + (PROOF_WINDOW.clockSkewSeconds + 30) * 1000);
    await expect(refusalOf(presented({ issuedAt: ahead }))).resolves.toBe('from-the-future');
  });

  it('is refused when it proves another address than the form names (wrong address)', async () => {
    const request = presented({ address: 'ravi@mail.dayfocus.test' });
    await expect(refusalOf(request)).resolves.toBe('address');
  });

  it('is refused when only Unicode case folding makes its address the form names (KELVIN SIGN for k)', async () => {
    const lookAlike = 'kp-1@mail.dayfocus.test'.replace('k', '\u212A');
    await expect(refusalOf({ ...presented({ address: lookAlike }), address: 'kp-1@mail.dayfocus.test' })).resolves.toBe(
      'address',
    );
    await expect(refusalOf({ ...presented({ address: lookAlike }), address: 'Kp-1@mail.dayfocus.test' })).resolves.toBe(
      'address',
    );
    // A non-ASCII local part proves itself, and only itself.
    await expect(refusalOf({ ...presented({ address: lookAlike }), address: lookAlike })).resolves.toBe('proven');
  });

  it("is refused when its issuer is not the one the address's domain names (wrong issuer)", async () => {
    const stranger = issuerSigner('other-issuer.dayfocus.test');
    await expect(refusalOf(presented({}, stranger))).resolves.toBe('issuer');
  });

  it('is refused when the issuer does not say the address is verified', async () => {
    await expect(refusalOf(presented({ evtClaims: { email_verified: false } }))).resolves.toBe('unverified');
  });

  it('is refused when the key binding is missing', async () => {
    const request = presented();
    const [jwt] = request.token.split('~');
    await expect(refusalOf({ ...request, token: `${jwt}~` })).resolves.toBe('key-binding-missing');
    await expect(refusalOf({ ...request, token: `${jwt}` })).resolves.toBe('key-binding-missing');
  });

  it('is refused when the key binding is not signed with the key the issuer bound', async () => {
    await expect(refusalOf(presented({ wrongHolderKey: true }))).resolves.toBe('key-binding-signature');
  });

  it('is refused when the key binding was made over another issuer token', async () => {
    const otherEvt = issuer.signer.issue(ADDRESS, { kty: 'OKP', crv: 'Ed25519', x: 'A'.repeat(43) });
    const sdHash = createHash('sha256').update(otherEvt, 'ascii').digest('base64url');
    await expect(refusalOf(presented({ kbClaims: { sd_hash: sdHash } }))).resolves.toBe('sd-hash');
  });

  it('is refused for an address whose domain names no issuer', async () => {
    const address = 'asha@no-issuer.dayfocus.test';
    await expect(refusalOf({ ...presented({ address }), address })).resolves.toBe('no-issuer');
  });

  it('spends no nonce on a refused token: the good one after it still proves', async () => {
    const request = presented();
    await expect(refusalOf({ ...request, origin: 'https://elsewhere.example' })).resolves.toBe('audience');
    await expect(refusalOf(request)).resolves.toBe('proven');
  });
});
