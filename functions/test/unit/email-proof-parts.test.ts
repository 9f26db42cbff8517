// The e-mail proof's parts that the local issuer does not exercise: issuer identifiers in both the
// draft's and the origin trial's form, the DNS record's rules, a token whose address is disclosed
// selectively (an SD-JWT disclosure), and the discovery's refusals: our own network, other ports, a
// document larger than an issuer's.
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { issuerDirectory } from '../../src/email-proof/adapters/issuer-discovery.js';
import {
  canonicalIssuer,
  delegatedIssuer,
  issuerKeysOf,
  issuerMetadataOf,
} from '../../src/email-proof/domain/issuers.js';
import { parsePresentedToken } from '../../src/email-proof/domain/presented-token.js';

const b64 = (json: unknown) => Buffer.from(JSON.stringify(json)).toString('base64url');
/** A JWT's shape with a signature of nothing: parsing reads, it does not verify. */
const unsigned = (header: object, payload: object) => `${b64(header)}.${b64(payload)}.c2ln`;
const kb = unsigned({ alg: 'EdDSA', typ: 'kb+jwt' }, { aud: 'https://a.example', nonce: 'n', iat: 1, sd_hash: 'h' });
const cnf = { jwk: { kty: 'OKP', crv: 'Ed25519', x: 'A'.repeat(43) } };

describe('issuer identifiers', () => {
  it("are one host, written as the draft's host or the origin trial's URL", () => {
    expect(canonicalIssuer('Accounts.Issuer.example')).toBe('accounts.issuer.example');
    expect(canonicalIssuer('https://accounts.issuer.example')).toBe('accounts.issuer.example');
    expect(canonicalIssuer('https://accounts.issuer.example/')).toBe('accounts.issuer.example');
  });

  it('are no URL with a path, a port, credentials or plain HTTP', () => {
    for (const bad of [
      'https://issuer.example/x',
      'https://issuer.example:8443',
      'https://u@issuer.example',
      'http://issuer.example',
    ]) {
      expect(canonicalIssuer(bad), bad).toBeUndefined();
    }
  });
});

describe("a domain's delegation record", () => {
  it('names its issuer with iss=, the strings DNS split it into joined', () => {
    expect(delegatedIssuer([['iss=issuer.', 'example']])).toEqual({ issuer: 'issuer.example' });
  });

  it('counts only when it is the one record there', () => {
    expect(delegatedIssuer([])).toEqual({ problem: 'no delegation record' });
    expect(delegatedIssuer([['iss=a.example'], ['iss=b.example']])).toEqual({
      problem: 'more than one delegation record',
    });
    expect(delegatedIssuer([['v=spf1 -all']])).toEqual({ problem: 'a delegation record that names no issuer' });
  });
});

describe("an issuer's documents", () => {
  it('default to EdDSA and never take "none"', () => {
    const metadata = { issuance_endpoint: 'https://i.example/issue', jwks_uri: 'https://i.example/jwks' };
    expect(issuerMetadataOf(metadata)?.algorithms).toEqual(['EdDSA']);
    expect(issuerMetadataOf({ ...metadata, signing_alg_values_supported: ['none'] })).toBeUndefined();
    expect(issuerMetadataOf({ jwks_uri: 'https://i.example/jwks' })).toBeUndefined();
  });

  it('hold public keys only', () => {
    expect(issuerKeysOf({ keys: [{ kty: 'OKP', crv: 'Ed25519', x: 'x' }] })).toBeDefined();
    expect(issuerKeysOf({ keys: [{ kty: 'OKP', crv: 'Ed25519', x: 'x', d: 'private' }] })).toBeUndefined();
    expect(issuerKeysOf({ keys: [] })).toBeUndefined();
  });
});

describe('a token whose address is disclosed selectively', () => {
  const disclosure = b64(['salt', 'email', 'asha@mail.example']);
  const digest = createHash('sha256').update(disclosure, 'ascii').digest('base64url');
  const evt = unsigned(
    { alg: 'EdDSA', typ: 'evt+jwt' },
    { iss: 'issuer.example', iat: 1, email_verified: true, cnf, _sd: [digest], _sd_alg: 'sha-256' },
  );

  it('reads the address from the disclosure the issuer signed the digest of, and binds over it too', () => {
    const parsed = parsePresentedToken(`${evt}~${disclosure}~${kb}`);
    expect(parsed.ok && parsed.token.evt.email).toBe('asha@mail.example');
    expect(parsed.ok && parsed.token.presentation).toBe(`${evt}~${disclosure}~`);
  });

  it('takes no disclosure the issuer did not sign', () => {
    const other = b64(['salt', 'email', 'ravi@mail.example']);
    expect(parsePresentedToken(`${evt}~${other}~${kb}`)).toMatchObject({ ok: false, refusal: 'malformed' });
  });
});

describe("the issuer's discovery", () => {
  const directory = issuerDirectory({ timeoutMs: 2_000 });

  it('fetches nothing from our own network: a name that leads to loopback, an address, plain HTTP', async () => {
    await expect(directory.issuerMetadata('localhost')).rejects.toThrow(/no public address/);
    await expect(directory.issuerKeys('https://169.254.169.254/jwks')).rejects.toThrow(/names an address/);
    await expect(directory.issuerKeys('http://issuer.example/jwks')).rejects.toThrow(/not HTTPS/);
  });

  it("knocks at no other port of a stranger's host: a key set on port 25 is refused before any lookup", async () => {
    await expect(directory.issuerKeys('https://issuer.example:25/jwks')).rejects.toThrow(/own port/);
  });

  it('reads no document that says it is larger than an issuer sends, nor waits for it', async () => {
    // Says a megabyte, sends ten bytes, then holds the connection until it is closed.
    const server = createServer((_req, res) =>
      res.writeHead(200, { 'content-length': String(1 << 20) }).write('{"a":1}   '),
    );
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      // Far from the bound below, which is far from the time the refusal takes: a busy machine passes.
      const local = issuerDirectory({ timeoutMs: 30_000, issuerOrigins: { 'issuer.example': origin } });
      const started = Date.now();
      await expect(local.issuerMetadata('issuer.example')).rejects.toThrow(/more than 65536/);
      expect(Date.now() - started).toBeLessThan(15_000);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
