/**
 * Provides the browser of the browser tests before anything else runs (`npm test` starts
 * with it): prints which one, or the one line that says what to install, and exits 1.
 *   tsx tools/stack/provide-browser.ts
 */
import { provideBrowser } from './src/browser.js';

try {
  const browser = await provideBrowser();
  console.log(`[browser] ${browser.version} (${browser.source})`);
} catch (error) {
  console.error(`[browser] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
