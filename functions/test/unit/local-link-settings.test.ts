/**
 * The local stack's values stay with the stack: no param of the functions that deploy falls back
 * to one (a deployed function without a setting says which is missing), and the values the stack
 * gives the Functions emulator (@dayfocus/stack/function-params) agree with the stack's Hosting
 * and the web app's local configuration.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { localFunctionParams } from '@dayfocus/stack/function-params';
import { repoRoot, urls } from '@dayfocus/stack/settings';
import { describe, expect, it } from 'vitest';
import { localLinkSettings } from '../short-links.js';

const functionsDir = join(__dirname, '../..');

/** Every param the built functions that deploy (lib/index.js) declare, with its default if any. */
function deployedParams(): { name: string; default?: unknown }[] {
  const script =
    'require("./lib/index.js");' +
    'process.stdout.write(JSON.stringify(require("firebase-functions/params").declaredParams.map((p) => p.toSpec())))';
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.FUNCTIONS_EMULATOR;
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { cwd: functionsDir, env, encoding: 'utf8' }));
}

/** An address only this machine answers, or one without TLS. */
function isLocalAddress(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const { protocol, hostname } = new URL(value);
  return protocol === 'http:' || ['127.0.0.1', 'localhost', '[::1]'].includes(hostname);
}

describe("the local stack's link settings", () => {
  it('are no default of the functions that deploy', () => {
    const localValues: string[] = Object.values(localFunctionParams);
    const fallbacks = deployedParams()
      .filter((param) => typeof param.default === 'string' && param.default !== '')
      .filter(({ default: value }) => isLocalAddress(value as string) || localValues.includes(value as string))
      .map(({ name, default: value }) => `${name}=${String(value)}`);
    expect(fallbacks).toEqual([]);
  });

  it('point at the local Hosting origin', () => {
    expect(localLinkSettings).toMatchObject({
      productDomain: urls.hosting,
      linkOrigin: urls.hosting,
      productImageUrl: `${urls.hosting}/images/dayfocus-preview.png`,
    });
  });

  it("name the picture and store pages of the web app's local configuration", () => {
    const config = JSON.parse(readFileSync(join(repoRoot, 'apps/web/public/config.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(config.productImage).toBe(localLinkSettings.productImageUrl);
    expect([config.appStoreUrl, config.playStoreUrl]).toEqual([
      localLinkSettings.appStoreUrl,
      localLinkSettings.playStoreUrl,
    ]);
  });
});
