/** The tools import no app (eslint.config.mjs's toolsZones): the house has no arrow from tools/ up to apps/. */
import { describeWalls } from '../src/lint-walls.js';

const refused: [string, string, RegExp][] = [
  ['bench/src/new.ts', "import { routes } from '@dayfocus/web/routes';", /Tools import no app/],
  ['deploy/src/new.ts', "import '../../../apps/web/src/config/paths.js';", /Tools import no app/],
  ['soak/new.ts', "await import('../../apps/web/e2e/support/app.js');", /Tools import no app/],
];

const allowed: [string, string][] = [
  ['bench/src/new.ts', "import { pageRouteRows } from '@dayfocus/contracts/page-paths';"],
  ['bench/src/new.ts', "import { launchBrowser } from '@dayfocus/stack/browser-contexts';"],
];

describeWalls('the tools, as the lint holds them', 'tools', { refused, allowed });
