/**
 * The e-mail proof on the local stack: switched on in the Functions emulator's own env file before
 * a start, a person's own setting there kept; and the settings that point the functions at the
 * stack's issuer, on the fixed ports of config.ts.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emailProofEnv, localIssuerOrigin, switchOnLocalEmailProof } from '../src/local-email-issuer.js';
import { localEmailIssuer, stack } from '../src/config.js';

const envFile = () => join(mkdtempSync(join(tmpdir(), 'email-proof-')), '.env.local');

describe('the e-mail proof on the local stack', () => {
  it('is switched on in the env file once, beside what the file sets', () => {
    const file = envFile();
    writeFileSync(file, 'PRODUCT_DOMAIN=http://127.0.0.1:5000');
    expect(switchOnLocalEmailProof(file)).toBe(true);
    expect(switchOnLocalEmailProof(file)).toBe(false);
    expect(readFileSync(file, 'utf8')).toBe('PRODUCT_DOMAIN=http://127.0.0.1:5000\nEMAIL_PROOF=true\n');
  });

  it('stays off where a person switched it off', () => {
    const file = envFile();
    writeFileSync(file, 'EMAIL_PROOF=false\n');
    expect(switchOnLocalEmailProof(file)).toBe(false);
    expect(readFileSync(file, 'utf8')).toBe('EMAIL_PROOF=false\n');
  });

  it("points the functions at the issuer's DNS server and origin", () => {
    expect(emailProofEnv).toEqual({
      EMAIL_PROOF_DNS_SERVERS: `${stack.host}:${localEmailIssuer.dnsPort}`,
      EMAIL_PROOF_ISSUER_ORIGINS: JSON.stringify({ 'issuer.dayfocus.test': localIssuerOrigin }),
    });
  });
});
