/**
 * Debian's Chromium, as the browser tests and the Lighthouse benchmark start it. Playwright
 * cannot download its own browser here; `.ci/run` installs the package when it is missing.
 */
import { existsSync } from 'node:fs';

export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH || DEFAULT_CHROMIUM_PATH;
}

export function hasChromium(): boolean {
  return existsSync(chromiumPath());
}

/**
 * --no-sandbox: the tests run as root. The others keep Chromium from calling home: on this
 * closed network its background connections would be refused, many at a time.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
] as const;
