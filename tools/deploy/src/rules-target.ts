/**
 * The shared project's rules are the app's (docs/deploying.md, step 0): no deploy from this
 * repository may send any. firebase.json's `firestore` names indexes only, and firebase-tools
 * then prepares, uploads and releases no ruleset at all, whatever the command
 * (lib/deploy/firestore/prepare.js adds a rules file only for an entry with `rules`; deploy.js and
 * release.js act on the files prepare added). This check refuses a firebase.json that names a
 * rules file again (this repository's `firestore.rules`, which denies every client everything,
 * would lock every app user out), in every target's predeploy: a plain `firebase deploy`, and
 * `--only firestore:rules`, stop before anything is built or sent.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { LOCAL_RULES_FILE } from '@dayfocus/stack/settings';
import { asList, readFirebaseJson, type DeployContext } from './context.js';

export async function rulesTargetOutcome({
  root,
}: DeployContext): Promise<{ problems: string[]; where: string; note: string }> {
  const where = "firebase.json's firestore";
  const note = 'no rules file: a deploy from here sends indexes only, never rules';
  const naming = asList(readFirebaseJson(root).firestore).filter(({ rules }) => rules !== undefined);
  if (naming.length === 0) return { problems: [], where, note };
  // Its module loads the client SDK (for the rules' probe): only for a refusal's message.
  const { COMPANION_RULES_FILE } = await import('@dayfocus/stack/companion-rules');
  const local = resolve(root, LOCAL_RULES_FILE);
  const localText = existsSync(local) ? readFileSync(local, 'utf8') : null;
  const problems = naming.map(({ rules = '', database }) => {
    const path = resolve(root, rules);
    const denyAll =
      path === local || (localText !== null && existsSync(path) && readFileSync(path, 'utf8') === localText);
    const which = database ? ` (database ${database})` : '';
    return (
      `it names the rules file ${rules}${which}${denyAll ? ", this repository's own, which denies every client everything" : ''}: ` +
      "`firebase deploy` would put it in place of the app's rules in the shared project" +
      `${denyAll ? ' and lock every app user out' : ''}. Remove "rules" from firebase.json's firestore: the ` +
      `project's rules are the app's, with ${COMPANION_RULES_FILE} pasted in, deployed by the app team ` +
      '(docs/deploying.md, step 0); the local stack and the tests load theirs themselves'
    );
  });
  return { problems, where, note };
}
