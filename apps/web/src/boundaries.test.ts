/**
 * The web app's import walls as `npm run lint` holds them (eslint.config.mjs): each import below is
 * linted as if written in the file named, and refused or let through as apps/web/README.md says.
 */
import { describeWalls } from '@dayfocus/stack/lint-walls';

const refused: [string, string, RegExp][] = [
  // A feature imports no other feature and not the app, from its root or any depth, by @/ or ../.
  ['features/sign-up/new.ts', "import '../welcome/api/activate-account';", /own folder|no other feature/],
  ['features/sign-up/new.ts', "import '@/features/welcome/api/activate-account';", /own folder|no other feature/],
  ['features/sign-up/api/new.ts', "import '../../welcome/api/activate-account';", /own folder|no other feature/],
  [
    'features/sign-up/components/deep/new.ts',
    "import '../../../inviter/api/get-inviter';",
    /own folder|no other feature/,
  ],
  ['features/welcome/new.ts', "import '@/app/router';", /own folder|no other feature/],
  ['features/welcome/api/new.ts', "import '../../../app/layout';", /own folder|no other feature/],
  // Shared code imports neither a feature nor the app.
  ['lib/new.ts', "import '@/features/welcome/api/activate-account';", /Shared code/],
  ['components/new.ts', "import '../app/router';", /Shared code/],
  ['config/new.ts', "import '@/app/layout';", /Shared code/],
  // Neither the takeover nor the server renderer: they stand above the app, which they start.
  ['features/sign-up/new.ts', "import '@/takeover/chunks';", /own folder|no other feature/],
  ['lib/new.ts', "import '../takeover/chunks';", /Shared code/],
  ['config/new.ts', "import '../server/page-language';", /Shared code/],
  ['app/routes/new.ts', "import '../../takeover/entry';", /takeover stands above the app/],
  ['app/new.ts', "import '@/takeover/page';", /takeover stands above the app/],
  ['takeover/new.ts', "import '../server/scripts';", /Only the server renderer/],
  ['app/new.ts', "void import('@/server/renderer');", /Only the server renderer/],
  ['main.ts', "import './server/styles';", /Only the server renderer/],
  // Nothing of the functions package.
  ['lib/new.ts', "import '../../../../functions/src/platform/domain/errors';", /functions package/],
  ['app/new.ts', "import '@dayfocus/functions';", /functions package/],
  // An import() is held as an import is; one whose path is computed cannot be read, so is refused.
  ['features/sign-up/new.ts', "void import('../welcome/api/activate-account');", /own folder|no other feature/],
  ['lib/new.ts', "void import('@/app/router');", /Shared code/],
  ['app/new.ts', "const where = './router'; void import(where);", /plain string/],
];

const allowed: [string, string][] = [
  ['features/sign-up/new.ts', "import './api/social-sign-in';"],
  ['features/sign-up/api/new.ts', "import '../use-sign-up-form';"],
  ['features/welcome/new.ts', "import '@/lib/auth';"],
  ['features/welcome/api/new.ts', "import '../../../lib/auth';"],
  ['features/welcome/new.ts', "void import('@/components/open-in-browser');"],
  ['app/new.ts', "import '@/features/welcome/api/activate-account';"],
  ['lib/new.ts', "import '@dayfocus/contracts/brand';"],
  ['app/routes/new.ts', "import '../server-state';"],
  ['takeover/new.ts', "import '@/app/router';"],
  ['takeover/new.ts', "import '@/app/server-state';"],
  ['server/new.ts', "import '../app/server-state';"],
  ['server/new.ts', "import '@/features/short-link/components/link-page';"],
];

describeWalls('the layers of apps/web/src, as the lint holds them', 'apps/web/src', { refused, allowed });
