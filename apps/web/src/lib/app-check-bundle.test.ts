// The browser's production bundle holds no local code: the local stack's App Check stand-in is
// asked for over HTTP (firebase.ts), so its token maker and issuer stay in the local stack's code.
// Reads the build's output: run `pnpm run build` first (`npm test` builds before the unit tests).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCAL_APP_CHECK_ISSUER } from '@dayfocus/contracts/local-app-check';

const assets = join(__dirname, '../../dist/assets');

describe("the production build's scripts", () => {
  it("never hold the local App Check stand-in's issuer", () => {
    if (!existsSync(assets)) throw new Error(`No build at ${assets}: run \`pnpm run build\` first`);
    const scripts = readdirSync(assets).filter((name) => name.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    const holding = scripts.filter((name) => readFileSync(join(assets, name), 'utf8').includes(LOCAL_APP_CHECK_ISSUER));
    expect(holding).toEqual([]);
  });
});
