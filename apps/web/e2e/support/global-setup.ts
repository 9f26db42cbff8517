// Runs once before the e2e files: provides the browser (unpacking the npm Chromium the first
// time) and fails at once, with one line saying what to install, when none can be had; fails
// too, with what to do, when the stack is not up. The browser tests never skip.
import { provideBrowser, urls } from '@dayfocus/stack';

async function answers(url: string): Promise<string | null> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    await response.body?.cancel();
    return response.ok ? null : `answered ${response.status}`;
  } catch (error) {
    return error instanceof Error
      ? error.cause instanceof Error
        ? error.cause.message
        : error.message
      : String(error);
  }
}

export default async function setup(): Promise<void> {
  try {
    const browser = await provideBrowser();
    process.stdout.write(`[e2e] ${browser.version} (${browser.source})\n`);
  } catch (error) {
    // One line, and the run fails: a green run must have driven a browser.
    process.stderr.write(`[e2e] ${error instanceof Error ? error.message : String(error)}\n`);
    throw error;
  }
  const problems: string[] = [];
  const hosting = await answers(`${urls.hosting}/config.json`);
  if (hosting) problems.push(`the Hosting emulator at ${urls.hosting}/config.json: ${hosting}`);
  const auth = await answers(`${urls.auth}/`);
  if (auth) problems.push(`the Auth emulator at ${urls.auth}: ${auth}`);
  if (problems.length > 0) {
    throw new Error(
      `[e2e] The local stack is not running (${problems.join('; ')}). Start it first, for instance with ` +
        '`npm run dev` at the repository root (it builds the app and serves apps/web/dist), then run the e2e tests again.',
    );
  }
}
