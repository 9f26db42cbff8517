/**
 * The web app's import walls as `npm run lint` holds them (eslint.config.mjs): each import below is
 * linted as if written in the file named, and refused or let through as apps/web/README.md says.
 */
import { describeWalls } from '@dayfocus/stack/lint-walls';

const refused: [string, string, RegExp][] = [
  // A feature imports no other feature and not the app, from any depth, by @/ or ../.
  ['features/sign-up/email/api/new.ts', "import '../../../welcome/api/activate-account';", /no other feature/],
  ['features/sign-up/email/api/new.ts', "import '@/features/welcome/api/activate-account';", /no other feature/],
  ['features/sign-up/shared/components/new.ts', "import '@/features/inviter/api/get-inviter';", /no other feature/],
  [
    'features/sign-up/social/components/deep/new.ts',
    "import '../../../../inviter/api/get-inviter';",
    /no other feature/,
  ],
  ['features/welcome/hooks/new.ts', "import '@/app/router';", /no other feature/],
  ['features/welcome/api/new.ts', "import '../../../app/layout';", /no other feature/],
  // A feature's files live in folders of their kind, a way's in its way's: none loose, with imports or without.
  ['features/sign-up/new.ts', 'export const loose = 1;', /none loose/],
  ['features/welcome/new.ts', "import '@/lib/auth';", /none loose/],
  ['features/sign-up/email/new.ts', 'export const loose = 1;', /none loose/],
  ['features/sign-up/email/state/new.ts', 'export const loose = 1;', /none loose/],
  // A way of signing up imports its own folder, shared/ and the ways it is built on; shared/ imports no way.
  ['features/sign-up/social/api/new.ts', "import '../../email/api/verification';", /A way of signing up/],
  ['features/sign-up/finish-link/api/new.ts', "import '@/features/sign-up/mail-code/api/mail-code';", /A way/],
  ['features/sign-up/email-proof/hooks/new.ts', "import '../../email/hooks/use-sign-up-form';", /A way/],
  ['features/sign-up/mail-code/api/new.ts', "void import('../../social/api/social-sign-in');", /A way/],
  ['features/sign-up/shared/components/new.ts', "import '../../email/components/error-summary';", /shared\/ is/],
  // Shared code imports neither a feature nor the app.
  ['lib/new.ts', "import '@/features/welcome/api/activate-account';", /Shared code/],
  ['components/new.ts', "import '../app/router';", /Shared code/],
  ['config/new.ts', "import '@/app/layout';", /Shared code/],
  // Neither the takeover nor the server renderer: they stand above the app, which they start.
  ['features/sign-up/social/api/new.ts', "import '@/takeover/chunks';", /no other feature/],
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
  ['features/sign-up/email/api/new.ts', "void import('../../../welcome/api/activate-account');", /no other feature/],
  ['lib/new.ts', "void import('@/app/router');", /Shared code/],
  ['app/new.ts', "const where = './router'; void import(where);", /plain string/],
];

const allowed: [string, string][] = [
  ['features/sign-up/social/hooks/new.ts', "import '../api/social-sign-in';"],
  ['features/sign-up/email/api/new.ts', "import '../hooks/use-sign-up-form';"],
  ['features/sign-up/email/lib/new.ts', "import '@/features/sign-up/shared/components/text-field';"],
  ['features/sign-up/email/api/new.ts', "void import('../../email-proof/api/email-proof');"],
  ['features/sign-up/mail-code/api/new.ts', "import '../../email/api/verification';"],
  ['features/sign-up/finish-link/components/new.ts', "import '../../shared/components/password-field';"],
  ['features/welcome/hooks/new.ts', "import '@/lib/auth';"],
  ['features/welcome/api/new.ts', "import '../../../lib/auth';"],
  ['features/welcome/lib/new.ts', "void import('@/components/open-in-browser');"],
  ['app/new.ts', "import '@/features/welcome/api/activate-account';"],
  ['app/routes/new.ts', "import '@/features/sign-up/mail-code/components/mail-code-form';"],
  ['lib/new.ts', "import '@dayfocus/contracts/brand';"],
  ['app/routes/new.ts', "import '../server-state';"],
  ['takeover/new.ts', "import '@/app/router';"],
  ['takeover/new.ts', "import '@/app/server-state';"],
  ['server/new.ts', "import '../app/server-state';"],
  ['server/new.ts', "import '@/features/short-link/components/link-page';"],
];

describeWalls('the layers of apps/web/src, as the lint holds them', 'apps/web/src', { refused, allowed });
