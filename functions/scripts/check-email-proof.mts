/**
 * Checks, by hand, a token a real browser presented for the Email Verification Protocol (Chrome
 * with the origin trial, a Gmail address): the value of the form's hidden
 * `autocomplete="email-verification-token"` field, with the address, the page's origin and the
 * nonce the form carried. It runs the functions' verifier (functions/src/email-proof/) against the
 * real DNS and the issuer's real documents, which no test can reach, and prints what it found.
 *
 *   tsx functions/scripts/check-email-proof.mts --token <EVT~KB> --email <address> \
 *     --origin https://<host> --nonce <nonce> [--at <ISO time the form was sent>] \
 *     [--dns 127.0.0.1:5354 --issuer <id>=<origin>]   (the local stack's issuer instead)
 *
 * The nonce counts as handed out for this one check; `--at` checks a token captured earlier as of
 * its own time. Changes nothing anywhere.
 */
import { parseArgs } from 'node:util';
import { issuerDirectory } from '../src/email-proof/adapters/issuer-discovery.js';
import { verifyEmailProof } from '../src/email-proof/flows/email-proof-flow.js';
import type { ProofNonces } from '../src/email-proof/flows/ports.js';

const { values } = parseArgs({
  options: {
    token: { type: 'string' },
    email: { type: 'string' },
    origin: { type: 'string' },
    nonce: { type: 'string' },
    at: { type: 'string' },
    dns: { type: 'string', multiple: true },
    issuer: { type: 'string', multiple: true },
  },
});
const { token, email, origin, nonce } = values;
if (!token || !email || !origin || !nonce) {
  console.error('usage: check-email-proof.mts --token <EVT~KB> --email <address> --origin <origin> --nonce <nonce>');
  process.exit(2);
}

const issuerOrigins = Object.fromEntries((values.issuer ?? []).map((pair) => pair.split(/=(.*)/s).slice(0, 2)));
const directory = issuerDirectory({ ...(values.dns ? { dnsServers: values.dns } : {}), issuerOrigins });
/** The one nonce given, handed to this check alone, spent once. */
let spent = false;
const nonces: ProofNonces = {
  async spend(presented) {
    if (presented !== nonce) return 'unknown';
    if (spent) return 'already-spent';
    spent = true;
    return 'spent';
  },
};

const now = values.at ? new Date(values.at) : new Date();
const answer = await verifyEmailProof(
  { token, address: email, origin, nonce, holder: 'check' },
  { directory, nonces },
  now,
);
if (answer.ok) {
  console.log(`proven: ${answer.address}, vouched for by ${answer.issuer}`);
} else {
  console.log(`refused (${answer.refusal}): ${answer.detail}`);
  process.exit(1);
}
