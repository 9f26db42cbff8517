/**
 * The slices' boundaries as `npm run lint` holds them (eslint.config.mjs): each import below is
 * linted as if written in the file named, and refused or let through as functions/README.md says.
 */
import { describeWalls } from '@dayfocus/stack/lint-walls';

const refused: [string, string, RegExp][] = [
  ['invites/domain/new.ts', "import 'firebase-admin/firestore';", /pure rules/],
  ['invites/domain/new.ts', "import '../flows/invite-flow.js';", /pure rules/],
  ['pages/domain/new.ts', "import '../../short-links/flows/app-link-flow.js';", /pure rules/],
  ['pages/flows/new.ts', "import '../../short-links/flows/app-link-flow.js';", /through ports/],
  ['pages/flows/new.ts', "import '../adapters/web-renderer.js';", /through ports/],
  ['owed-work/adapters/new.ts', "import '../../invites/adapters/invite-store.js';", /nothing inside another slice/],
  // Entry points stand above the composition root, which stands above the slices: no arrow back up.
  ['owed-work/adapters/new.ts', "import '../../entry-points/owed-work.js';", /above everything/],
  ['invites/domain/new.ts', "import '../../entry-points/invite-callables.js';", /above everything/],
  ['composition/wiring.ts', "import '../entry-points/invite-callables.js';", /above everything/],
  ['composition/wiring/invites.ts', "import '../../entry-points/invite-callables.js';", /above everything/],
  ['platform/functions/new.ts', "import '../../entry-points/invite-callables.js';", /no slice/],
  ['entry-points/new.ts', "import '../invites/adapters/invite-store.js';", /composition\/wiring\//],
  ['entry-points/new.ts', "import '../composition/environment.js';", /composition\/wiring\//],
  ['entry-points/new.ts', "import 'firebase-admin/auth';", /Admin SDK/],
  ['entry-points/sub/new.ts', "import '../../short-links/adapters/app-link-store.js';", /composition\/wiring\//],
  // A slice has its layers and nothing else: no entry points of its own.
  ['invites/functions/new.ts', "import '../../composition/wiring.js';", /entry points live in entry-points/],
  ['invites/functions/new.ts', "import '../flows/invite-flow.js';", /entry points live in entry-points/],
  // A new slice (invite-cards) is held by the same walls, with no list to add it to.
  ['invite-cards/domain/new.ts', "import '../adapters/card-drawer.js';", /pure rules/],
  ['pages/adapters/new.ts', "import '../../invite-cards/adapters/card-drawer.js';", /nothing inside another slice/],
  // A slice never imports the composition root, which builds it: only its entry points do.
  ['pages/adapters/new.ts', "import '../../composition/wiring.js';", /composition root/],
  ['pages/new.ts', "import '../composition/wiring.js';", /composition root/],
  // A file at a slice's own root is held as its layers are.
  ['invites/new.ts', "import '../short-links/flows/app-link-flow.js';", /another slice/i],
  ['pages/new.ts', "import '../owed-work/adapters/push-transport.js';", /another slice/i],
  // platform/ is the base: it imports no slice, not even a slice's pure rules, from any depth.
  ['platform/adapters/new.ts', "import '../../invites/flows/invite-flow.js';", /no slice/],
  ['platform/adapters/new.ts', "import '../../owed-work/domain/push-budget.js';", /no slice/],
  ['platform/domain/new.ts', "import '../../short-links/domain/app-links.js';", /no slice/],
  ['platform/new.ts', "import '../invites/flows/ports.js';", /no slice/],
  ['platform/new.ts', "import '../owed-work/adapters/push-transport.js';", /no slice/],
  ['platform/new.ts', "import '../composition/wiring.js';", /no slice/],
  ['invites/flows/new.ts', "import '../../local/dev-outbox.js';", /local\//],
  ['composition/wiring.ts', "import '../local/dev-crash-switch.js';", /local\//],
  ['index.ts', "import './local/environment.js';", /local\//],
  // The walls hold where an import leads, however deep the file that writes it.
  ['pages/adapters/sub/new.ts', "import '../../../short-links/adapters/app-link-store.js';", /another slice/],
  ['pages/adapters/sub/new.ts', "import '../../../composition/wiring.js';", /composition root/],
  ['invites/domain/sub/new.ts', "import '../../flows/invite-flow.js';", /pure rules/],
  ['platform/domain/sub/new.ts', "import '../../../invites/domain/joins.js';", /no slice/],
  // platform/'s layers keep the rules of their layer too.
  ['platform/domain/new.ts', "import 'firebase-admin/firestore';", /pure rules/],
  ['platform/domain/new.ts', "import '../adapters/firebase.js';", /pure rules/],
  // An import() is held as an import is; one whose path is computed cannot be read, so is refused.
  ['pages/flows/new.ts', "await import('../../short-links/flows/app-link-flow.js');", /through ports/],
  ['invites/domain/new.ts', "await import('firebase-admin/firestore');", /pure rules/],
  ['entry-points/new.ts', "await import('firebase-admin/auth');", /Admin SDK/],
  ['pages/flows/new.ts', "await import('node:crypto');", /through ports/],
  ['composition/wiring/pages.ts', "await import('../../local/dev-crash-switch.js');", /local\//],
  ['pages/new.ts', 'const where = "../short-links/flows/app-link-flow.js"; await import(where);', /plain string/],
];

const allowed: [string, string][] = [
  ['invites/domain/new.ts', "import '../../owed-work/domain/push-budget.js';"],
  ['pages/flows/new.ts', "import '../../short-links/flows/ports.js';"],
  ['pages/flows/new.ts', "import '../../platform/domain/http-answer.js';"],
  ['entry-points/new.ts', "import '../short-links/adapters/link-params.js';"],
  ['entry-points/new.ts', "import '../owed-work/adapters/owed-work-refs.js';"],
  ['entry-points/new.ts', "import '../sign-in-handoffs/flows/sign-in-handoff-flow.js';"],
  ['entry-points/new.ts', "import '../platform/functions/callable.js';"],
  ['functions.ts', "export * from './entry-points/invite-callables.js';"],
  ['invites/adapters/new.ts', "import '../../owed-work/adapters/owed-work-refs.js';"],
  ['entry-points/new.ts', "import '../composition/wiring/invites.js';"],
  ['entry-points/new.ts', "import '../composition/wiring.js';"],
  ['owed-work/adapters/new.ts', "import '../../platform/adapters/firebase.js';"],
  ['invites/new.ts', "import '../short-links/domain/app-links.js';"],
  ['platform/new.ts', "import './adapters/firebase.js';"],
  ['composition/wiring.ts', "import '../invites/adapters/invite-store.js';"],
  ['local/new.ts', "import '../invites/adapters/invite-store.js';"],
  ['pages/adapters/sub/new.ts', "import '../../../short-links/adapters/link-params.js';"],
  ['platform/domain/new.ts', "import './errors.js';"],
  ['composition/wiring/invite-cards.ts', "await import('../../invite-cards/adapters/card-drawer.js');"],
  ['composition/wiring/pages.ts', "import '../wiring.js';"],
];

describeWalls('the slices of functions/src, as the lint holds them', 'functions/src', { refused, allowed });
