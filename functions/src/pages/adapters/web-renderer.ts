/** The app's pages and a short link's pages are drawn with the app's own components and stylesheet. */
import { statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { WebPageRenderer } from '@dayfocus/contracts/web-page';
import type { LinkPageRenderer } from '@dayfocus/contracts/link-page';
import { environment } from '../../platform/environment.js';
import type { InlineRenderer } from '../domain/inline-sources.js';

export type WebRenderer = WebPageRenderer & LinkPageRenderer & InlineRenderer;

/**
 * The renderer the web app's build leaves in `lib/web/` (apps/web/src/server/renderer.tsx), loaded
 * on the first request of an instance rather than at deploy analysis. The path holds from
 * `src/pages/adapters` (tests) and `lib/pages/adapters` (the deployed code) alike.
 */
const RENDERER_PATH = resolve(__dirname, '..', '..', '..', 'lib', 'web', 'invitation-renderer.cjs');
let renderer: WebRenderer | undefined;
let loadedVersion = 0;

/**
 * In the emulator, a rebuilt web app (a new renderer naming new asset files) replaces the one
 * a running instance loaded; deployed instances never see their code change.
 */
function forgetStaleRenderer(): void {
  let version: number;
  try {
    version = statSync(RENDERER_PATH).mtimeMs;
  } catch {
    return;
  }
  if (renderer && version !== loadedVersion) {
    for (const id of Object.keys(require.cache)) {
      // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- Node's module cache is keyed by path
      if (id.startsWith(dirname(RENDERER_PATH))) delete require.cache[id];
    }
    renderer = undefined;
  }
  loadedVersion = version;
}

export function loadRenderer(): WebRenderer {
  if (environment().reloadsRenderer) forgetStaleRenderer();
  if (!renderer) {
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      renderer = require(RENDERER_PATH) as WebRenderer;
    } catch (error) {
      throw new Error(
        `The invitation page renderer is missing at ${RENDERER_PATH}: build the web app (pnpm run build) before the functions are served or deployed`,
        { cause: error },
      );
    }
  }
  return renderer;
}
