/**
 * The functions' params on the local stack: written into the Functions emulator's own env file
 * before a start, each one the file lacks, and a value a person set there kept.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { functionParamRows } from '@dayfocus/contracts/function-params';
import { functionSecretRows, secretBytes } from '@dayfocus/contracts/function-secrets';
import {
  localFunctionParams,
  localFunctionSecrets,
  writeLocalFunctionParams,
  writeLocalFunctionSecrets,
} from '../src/function-params.js';
import { urls } from '../src/config.js';

/** The params each project sets itself: those the table declares without a default. */
const paramsWithoutDefault = functionParamRows.filter(([, param]) => param.default === undefined).map(([name]) => name);

const envFile = () => join(mkdtempSync(join(tmpdir(), 'function-params-')), '.env.local');

describe("the functions' local params", () => {
  it('give a value to each param the table declares without a default, and otherwise only send the sign-in to the stand-in', () => {
    // The providers' clients and pages: their defaults name Google's and Apple's servers, which the
    // stack cannot reach (functions/src/local/dev-identity-provider.ts stands in for them).
    const standIn = ['APPLE_AUTHORIZE_URL', 'APPLE_SERVICES_ID', 'GOOGLE_AUTHORIZE_URL', 'GOOGLE_WEB_CLIENT_ID'];
    expect(Object.keys(localFunctionParams).sort()).toEqual([...paramsWithoutDefault, ...standIn].sort());
    expect(localFunctionParams.GOOGLE_AUTHORIZE_URL).toBe(`${urls.hosting}/__local/idp/google.com`);
  });

  it('point the links at the local Hosting', () => {
    expect([localFunctionParams.PRODUCT_DOMAIN, localFunctionParams.LINK_ORIGIN]).toEqual([urls.hosting, urls.hosting]);
  });

  it('are all written into a missing env file', () => {
    const file = envFile();
    expect(writeLocalFunctionParams(file)).toEqual(Object.keys(localFunctionParams));
    expect(readFileSync(file, 'utf8')).toBe(
      Object.entries(localFunctionParams)
        .map(([key, value]) => `${key}=${value}\n`)
        .join(''),
    );
  });

  it("add only what the file lacks, keeping a person's own values and lines", () => {
    const file = envFile();
    const own = '# tried by hand\nexport LINK_ORIGIN=http://127.0.0.1:5050\nPICTURES_FOLDER=Avatars';
    writeFileSync(file, own);
    const added = writeLocalFunctionParams(file);
    expect(added).not.toContain('LINK_ORIGIN');
    expect(added).toContain('PRODUCT_DOMAIN');
    const text = readFileSync(file, 'utf8');
    expect(text.startsWith(`${own}\n`)).toBe(true);
    expect(text.match(/LINK_ORIGIN=/g)).toHaveLength(1);
    expect(writeLocalFunctionParams(file)).toEqual([]);
    expect(readFileSync(file, 'utf8')).toBe(text);
  });

  it('give each secret of the table a usable value, written into a missing secrets file', () => {
    expect(Object.keys(localFunctionSecrets).sort()).toEqual(functionSecretRows.map(([name]) => name).sort());
    for (const [name, value] of Object.entries(localFunctionSecrets))
      expect(secretBytes(name as keyof typeof localFunctionSecrets, value), name).not.toBeNull();
    const file = join(mkdtempSync(join(tmpdir(), 'function-secrets-')), '.secret.local');
    expect(writeLocalFunctionSecrets(file)).toEqual(Object.keys(localFunctionSecrets));
    expect(writeLocalFunctionSecrets(file)).toEqual([]);
  });
});
