/** The functions' manifest's row (functions.ts joins them) of the pages: every page of the journey. */
import type { FunctionRow } from './function-row.js';
import { hostingSourcesOf, pagePatterns } from './page-paths.js';

export const pageRows = {
  invitationPage: {
    trigger: 'http',
    maxInstances: 20,
    why: 'every page of the journey the CDN has not cached (one a minute per page and CDN location), and the welcome page',
    hosting: Object.values(pagePatterns).flatMap(hostingSourcesOf),
  },
} as const satisfies Record<string, FunctionRow>;
