/**
 * The slices' boundaries as `npm run lint` holds them (eslint.config.mjs): each import below is
 * linted as if written in the file named, and refused or let through as functions/README.md says.
 */
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = join(__dirname, '../../..');
const eslint = new ESLint({ cwd: root });

/** The messages of the import-boundary rule for `source` placed at `file` (under functions/src). */
async function refusals(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\n`, { filePath: join(root, 'functions/src', file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const refused: [string, string, RegExp][] = [
  ['invites/domain/new.ts', "import 'firebase-admin/firestore';", /pure rules/],
  ['invites/domain/new.ts', "import '../flows/invite-flow.js';", /pure rules/],
  ['pages/domain/new.ts', "import '../../short-links/flows/app-link-flow.js';", /pure rules/],
  ['pages/flows/new.ts', "import '../../short-links/flows/app-link-flow.js';", /through ports/],
  ['pages/flows/new.ts', "import '../adapters/web-renderer.js';", /through ports/],
  ['owed-work/adapters/new.ts', "import '../../invites/adapters/invite-store.js';", /nothing inside another slice/],
  ['owed-work/adapters/new.ts', "import '../functions/owed-work.js';", /no entry point/],
  ['invites/functions/new.ts', "import '../adapters/invite-store.js';", /platform\/wiring\.ts/],
  ['invites/functions/new.ts', "import 'firebase-admin/auth';", /Admin SDK/],
  ['platform/adapters/new.ts', "import '../../invites/flows/invite-flow.js';", /no slice/],
  ['invites/flows/new.ts', "import '../../local/dev-outbox.js';", /local\//],
  ['platform/wiring.ts', "import '../local/dev-crash-switch.js';", /local\//],
  ['index.ts', "import './local/environment.js';", /local\//],
];

const allowed: [string, string][] = [
  ['invites/domain/new.ts', "import '../../owed-work/domain/push-budget.js';"],
  ['pages/flows/new.ts', "import '../../short-links/flows/ports.js';"],
  ['pages/flows/new.ts', "import '../../platform/domain/http-answer.js';"],
  ['invites/functions/new.ts', "import '../../short-links/adapters/link-params.js';"],
  ['invites/functions/new.ts', "import '../../platform/wiring.js';"],
  ['owed-work/adapters/new.ts', "import '../../platform/adapters/firebase.js';"],
  ['platform/wiring.ts', "import '../invites/adapters/invite-store.js';"],
  ['local/new.ts', "import '../invites/adapters/invite-store.js';"],
];

describe('the slices of functions/src, as the lint holds them', () => {
  // The first lint loads the configuration and its TypeScript resolver: seconds on a busy machine.
  beforeAll(() => refusals('platform/new.ts', ''), 120_000);

  it.each(refused)(
    'refuses in %s: %s',
    async (file, source, message) => {
      expect(await refusals(file, source)).toContainEqual(expect.stringMatching(message));
    },
    30_000,
  );

  it.each(allowed)(
    'lets through in %s: %s',
    async (file, source) => {
      expect(await refusals(file, source)).toEqual([]);
    },
    30_000,
  );
});
