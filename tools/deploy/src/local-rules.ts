/**
 * This repository's own `firestore.rules` (the local stack's, Google's emulator lane's and the
 * tests': LOCAL_RULES_FILE of tools/stack/src/config.ts), made from `firestore.companion.rules`:
 * the companion's block, pasted inside a rule set that denies every client everything, the way
 * docs/deploying.md tells the app team to paste it into the app's rules. The block is written
 * once, in the companion file; `npm run lint` runs `--check`, which fails when firestore.rules
 * differs from what this makes, and `--write` makes it again after the block changed.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { COMPANION_RULES_FILE, companionFragment, mergeIntoAppRules } from '@dayfocus/stack/companion-rules';
import { LOCAL_RULES_FILE } from '@dayfocus/stack/settings';

const WRITE_COMMAND = 'pnpm exec tsx tools/deploy/src/local-rules.ts --write';

/** The rules around the block: nothing for any client, our collections or anyone else's. */
const DENY_ALL = `rules_version = '2';

// Made from ${COMPANION_RULES_FILE} by tools/deploy/src/local-rules.ts: edit that file, then
// run \`${WRITE_COMMAND}\` (\`npm run lint\` fails until then).
//
// The rules of a project this repository owns alone, and of the local stack. The web companion
// reaches data only through callable functions (the Admin SDK, which these rules do not judge):
// no client reads or writes any document directly. In the mobile app's project the rules are the
// app's, with ${COMPANION_RULES_FILE} pasted in (docs/deploying.md), as it is pasted here.
service cloud.firestore {
  match /databases/{database}/documents {
    // Everything else too: an inviter's record holds an email and a push token that a public
    // page must never see.
    match /{document=**} {
      allow read, write: if false;
    }
  }
}
`;

/** firestore.rules as it must read: the deny-all rules with the companion's block pasted in. */
export function localRules(fragment: string = companionFragment()): string {
  return mergeIntoAppRules(DENY_ALL, fragment);
}

/** Whether `text` (firestore.rules as it is) is what `fragment` makes. */
export function localRulesAreCurrent(text: string, fragment: string = companionFragment()): boolean {
  return text === localRules(fragment);
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '')) {
  const file = join(fileURLToPath(new URL('../../..', import.meta.url)), LOCAL_RULES_FILE);
  if (process.argv.includes('--write')) {
    writeFileSync(file, localRules());
  } else if (!localRulesAreCurrent(readFileSync(file, 'utf8'))) {
    console.error(`${LOCAL_RULES_FILE} is not what ${COMPANION_RULES_FILE} makes: run \`${WRITE_COMMAND}\``);
    process.exit(1);
  }
}
