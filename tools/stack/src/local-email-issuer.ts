/**
 * The e-mail proof on the local stack: its issuer started on the fixed ports of config.ts, the
 * settings that point the functions at it (the Functions emulator's environment, read by
 * functions/src/local/environment.ts only), the switch turned on in `functions/.env.local`, and a
 * token for a test as a browser gets one: issued by the running issuer's issuance endpoint for a
 * key of the test's own, then bound to our origin and nonce. The issuer's signing key lives in the
 * process that started the stack; the issuance endpoint is how another process gets its tokens.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { localEmailIssuer, stack } from './config.js';
import { localEnvFile } from './function-params.js';
import { bindToken, ed25519Keys, signJwt } from './email-issuer.js';
import { ISSUANCE_PATH, SLOW_PATH, startEmailIssuer, type LocalEmailIssuer } from './email-issuer-servers.js';

export const localIssuerOrigin = `http://${stack.host}:${localEmailIssuer.httpPort}`;

/** The Functions emulator's environment that finds the local issuer. */
export const emailProofEnv = {
  EMAIL_PROOF_DNS_SERVERS: `${stack.host}:${localEmailIssuer.dnsPort}`,
  EMAIL_PROOF_ISSUER_ORIGINS: JSON.stringify({ [localEmailIssuer.issuer]: localIssuerOrigin }),
} as const;

/**
 * The local issuer started beside a service of the stack (its Firestore) and stopped with it, with
 * the switch turned on for the Functions emulator that starts next; the service stopped when the
 * issuer cannot start (its ports taken).
 */
export async function withLocalEmailIssuer<S extends { stop(): Promise<void> }>(starting: Promise<S>): Promise<S> {
  const service = await starting;
  let issuer: LocalEmailIssuer;
  try {
    issuer = await startLocalEmailIssuer();
  } catch (error) {
    await service.stop();
    throw new Error(`The e-mail proof's local issuer could not start: ${(error as Error).message}`);
  }
  switchOnLocalEmailProof();
  return { ...service, stop: () => Promise.all([service.stop(), issuer.close()]).then(() => undefined) };
}

export function startLocalEmailIssuer(): Promise<LocalEmailIssuer> {
  return startEmailIssuer({
    issuer: localEmailIssuer.issuer,
    domains: [localEmailIssuer.domain],
    httpPort: localEmailIssuer.httpPort,
    dnsPort: localEmailIssuer.dnsPort,
  });
}

/**
 * `EMAIL_PROOF=true` in the Functions emulator's env file, unless the file sets it already (a
 * person's `false` there is kept): the local stack takes the browser's proof.
 */
export function switchOnLocalEmailProof(file = localEnvFile): boolean {
  const before = existsSync(file) ? readFileSync(file, 'utf8') : '';
  if (/^\s*(?:export\s+)?EMAIL_PROOF\s*=/m.test(before)) return false;
  writeFileSync(file, `${before}${before === '' || before.endsWith('\n') ? '' : '\n'}EMAIL_PROOF=true\n`);
  return true;
}

/**
 * The hidden field's value a browser would send for `address` (of the issuer's domain): an issuer
 * token from the running issuer for a fresh key, bound to `audience` and `nonce` with that key.
 */
export async function localIssuerToken(binding: { address: string; audience: string; nonce: string }): Promise<string> {
  const key = ed25519Keys();
  const claims = { aud: localEmailIssuer.issuer, iat: Math.floor(Date.now() / 1000), email: binding.address };
  const requestToken = signJwt({ alg: 'EdDSA', jwk: key.publicJwk }, claims, key.privateKey);
  const response = await fetch(`${localIssuerOrigin}${ISSUANCE_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-dest': 'email-verification' },
    body: new URLSearchParams({ request_token: requestToken }).toString(),
  });
  const answer = (await response.json()) as { issuance_token?: string };
  if (!answer.issuance_token) throw new Error(`The local issuer issued no token: ${JSON.stringify(answer)}`);
  return bindToken(answer.issuance_token, key.privateKey, binding);
}

/**
 * Makes the running local issuer answer its metadata and keys `ms` late for the next `forMs`: an
 * issuer that answers slowly, as one an attacker runs may (email-issuer-servers.ts, SLOW_PATH).
 */
export async function slowLocalIssuer(ms: number, forMs: number): Promise<void> {
  const response = await fetch(`${localIssuerOrigin}${SLOW_PATH}`, {
    method: 'POST',
    body: JSON.stringify({ ms, forMs }),
  });
  if (!response.ok) throw new Error(`The local issuer refused to slow down: ${response.status}`);
}
