// Runs once before the e2e files: skips every browser test when Chromium is missing (one clear
// line, no failure), and otherwise fails at once, with what to do, when the stack is not up.
import { urls } from '@dayfocus/stack';
import type { TestProject } from 'vitest/node';
import { AUTH_EMULATOR_ORIGIN } from './auth-emulator';
import { chromiumPath, hasChromium } from './browser';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Why the browser tests are skipped; empty when they run. */
    e2eSkipReason: string;
  }
}

async function answers(url: string): Promise<string | null> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    await response.body?.cancel();
    return response.ok ? null : `answered ${response.status}`;
  } catch (error) {
    return error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
  }
}

export default async function setup(project: TestProject): Promise<void> {
  if (!hasChromium()) {
    const reason = `browser tests need Chromium at ${chromiumPath()} (apt-get install chromium, or set CHROMIUM_PATH)`;
    process.stdout.write(`[e2e] SKIPPED: ${reason}\n`);
    project.provide('e2eSkipReason', reason);
    return;
  }
  const problems: string[] = [];
  const hosting = await answers(`${urls.hosting}/config.json`);
  if (hosting) problems.push(`the Hosting emulator at ${urls.hosting}/config.json: ${hosting}`);
  const auth = await answers(`${AUTH_EMULATOR_ORIGIN}/`);
  if (auth) problems.push(`the Auth emulator at ${AUTH_EMULATOR_ORIGIN}: ${auth}`);
  if (problems.length > 0) {
    throw new Error(
      `[e2e] The local stack is not running (${problems.join('; ')}). Start it first, for instance ` +
        '`cd /work/main && pnpm exec tsx tools/stack/dev.ts` (it builds the app and serves apps/web/dist), then run the e2e tests again.',
    );
  }
  project.provide('e2eSkipReason', '');
}
