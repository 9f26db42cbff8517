/**
 * The preflight's check of the shared project's Firestore rules (docs/deploying.md, step 0): the
 * app's rules file, named by `APP_FIRESTORE_RULES`, must carry firestore.companion.rules unchanged;
 * no `allow` whose match can bind a collection of ours may have a condition but `false`
 * (rules-scan.ts, read from the file); and a Firestore emulator must refuse every client request
 * to our collections under it, with the documents an owner-keyed rule would grant
 * (companion-rules.ts, clientAccessProblems). The reading is sound for every condition; the probe
 * shows what a rule lets through. Ours judges by default, started here; `RULES_EMULATOR_HOST`
 * (host:port) names another one, such as Google's, for rules that use what ours does not implement
 * (`get()`, `exists()`, …). The probe takes seconds of thousands of client requests: when another
 * check has already refused the deploy, only the reading runs (`judge: false`), and the next run,
 * which can pass, judges them. The emulator and the probe's module (with the client SDK and gRPC,
 * @dayfocus/stack's rules-probe.ts) are loaded only when an emulator judges: a Hosting predeploy, a
 * run that reads alone and a verdict kept within a test run load neither.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { shown, type DeployContext } from './context.js';
import { allowsBindingOurs, RulesReadError, type BindingAllow } from './rules-scan.js';

const GRANT_NOTHING =
  'grant nothing under our collections: no `match /{document=**}`, `/{collection}/{id}` or other wildcard ' +
  'that allows, owner-keyed ones (`request.resource.data.owner == request.auth.uid`, ' +
  '`resource.data.email == request.auth.token.email`) included';

/** One allow the reading refused: what it says, where, and which of our collections its match can bind. */
function bindingProblem({ statement, line, match, collections }: BindingAllow, ours: readonly string[]): string {
  const bound = collections.length === ours.length ? 'every collection of ours' : collections.join(', ');
  return (
    `\`${statement}\` (line ${line}) under \`match ${match}\` can bind ${bound}, and only \`if false\` keeps ` +
    'every client out there, whatever document it writes'
  );
}

/**
 * Within one run of the tests (`DAYFOCUS_RULES_VERDICTS`: a folder their global setup makes and
 * removes), our emulator's verdict on rules it has already judged, word for word: the refusal tests
 * judge the same good rules in several deploys, seconds of processor time each. Never set for a
 * deploy: each run of the check judges its rules anew.
 */
const verdictFile = (folder: string, rules: string) =>
  join(folder, `${createHash('sha256').update(rules).digest('hex')}.json`);

function keptVerdict(folder: string, rules: string): string[] | undefined {
  const file = verdictFile(folder, rules);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as string[]) : undefined;
}

function keepVerdict(folder: string, rules: string, verdict: string[]): void {
  writeFileSync(verdictFile(folder, rules), JSON.stringify(verdict));
}

/** What the check found: problems, each saying what to set, or none. */
export interface RulesOutcome {
  problems: string[];
  where?: string;
  note?: string;
}

/**
 * The check. `judge: false` (another check has refused the deploy already): the reading alone, its
 * problems as ever, and the note that the emulator has not judged the rules yet.
 */
export async function appRulesOutcome(
  { root }: DeployContext,
  env = process.env,
  { judge = true }: { judge?: boolean } = {},
): Promise<RulesOutcome> {
  const { carriesFragment, COMPANION_RULES_FILE, probedCollections } = await import('@dayfocus/stack/companion-rules');
  const named = env['APP_FIRESTORE_RULES'];
  if (!named)
    return {
      problems: [
        "APP_FIRESTORE_RULES is not set: point it at the app's firestore.rules (the project's rules are the " +
          `app's), with ${COMPANION_RULES_FILE} pasted in`,
      ],
    };
  const path = resolve(root, named);
  const where = shown(root, path);
  if (!existsSync(path))
    return { problems: [`${where} does not exist: set APP_FIRESTORE_RULES to the app's rules`], where };
  const rules = readFileSync(path, 'utf8');
  if (!carriesFragment(rules, readFileSync(join(root, COMPANION_RULES_FILE), 'utf8')))
    return {
      problems: [
        `it does not carry ${COMPANION_RULES_FILE}: paste ${COMPANION_RULES_FILE} unchanged inside its ` +
          '`match /databases/{database}/documents`',
      ],
      where,
    };
  const ours = probedCollections();
  let bindings: string[];
  try {
    bindings = allowsBindingOurs(rules, ours).map((allow) => bindingProblem(allow, ours));
  } catch (error) {
    if (!(error instanceof RulesReadError)) throw error;
    return {
      problems: [
        `the rules could not be read (${error.message}): the check refuses rules it cannot read rather than ` +
          'guess; fix them, or teach tools/deploy/src/rules-scan.ts the construct if Firestore accepts it',
      ],
      where,
    };
  }
  if (!judge)
    return {
      problems: bindings.length === 0 ? [] : [...bindings, GRANT_NOTHING],
      where,
      note:
        'no allow that can bind a collection of ours is other than `false`; not judged by an emulator yet, as ' +
        'another check refused this deploy: the run after it is mended judges them',
    };
  return { ...(await judged(rules, bindings, env)), where };
}

/** The emulator's judgement of rules the reading let through, beside the reading's own problems. */
async function judged(rules: string, bindings: string[], env: NodeJS.ProcessEnv): Promise<Omit<RulesOutcome, 'where'>> {
  const { clientAccessProblems } = await import('@dayfocus/stack/companion-rules');
  const other = env['RULES_EMULATOR_HOST'];
  const [host = '127.0.0.1', port = '8080'] = other?.split(':') ?? [];
  const verdicts = other ? undefined : env['DAYFOCUS_RULES_VERDICTS'];
  const kept = verdicts ? keptVerdict(verdicts, rules) : undefined;
  const emulator =
    other || kept ? null : await (await import('@dayfocus/firestore-emulator')).startFirestoreEmulator({ port: 0 });
  try {
    const judgedBy = emulator ?? { host, port: Number(port) };
    const verdict = kept ?? (await clientAccessProblems(rules, judgedBy));
    if (verdicts && !kept) keepVerdict(verdicts, rules, verdict);
    const access = [...bindings, ...verdict];
    return {
      problems: access.length === 0 ? [] : [...access, GRANT_NOTHING],
      note:
        `no allow that can bind a collection of ours is other than \`false\`, and no client, anonymous or ` +
        'signed in with a verified address, gets, lists, creates, updates or deletes a document of ours, its uid ' +
        `or address in any owner field (judged by ${other ?? 'our emulator'})`,
    };
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return {
      problems: [
        ...bindings,
        `the emulator could not judge it (${message}): if ours lacks a construct the rules use, judge them on ` +
          "Google's emulator with RULES_EMULATOR_HOST=host:port",
      ],
    };
  } finally {
    await emulator?.stop();
  }
}
