/**
 * The preflight's judge of the shared project's rules (src/app-rules.ts, with
 * @dayfocus/stack/companion-rules' probe), in-process on our emulator: the app's rules with our
 * fragment pasted in pass; app rules of the common owner-keyed kinds, which a `{planted: true}`
 * document never satisfies, are refused, each naming the collection and the operation. With any of
 * them a signed-in person could write a `_mail` document (a mail from our domain, HTML of her
 * choosing) or read a handoff code's record.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { COLLECTION_SHAPES, mergeIntoAppRules, probedCollections } from '@dayfocus/stack/companion-rules';
import { appRulesOutcome } from '../src/app-rules.js';
import { PROJECT, repoRoot } from './tree.js';

/**
 * A judgment is thousands of client requests in this process: 5.9 s alone on an idle machine, 229 s
 * in a fresh `npm test` of 2026-12-02 (a page fault at 15.8 µs, the two stacks, their browsers and
 * every other unit file beside it), past nine tenths of the 240 s every other test of the package
 * gets. A bound, not an expected time (docs/testing.md).
 */
vi.setConfig({ testTimeout: 600_000 });

const typicalAppRules = readFileSync(join(repoRoot, 'tools/stack/test/fixtures/typical-app.rules'), 'utf8');
const dir = mkdtempSync(join(tmpdir(), 'dayfocus-app-rules-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * The typical app's rules with `extra` added inside its documents match, our fragment pasted in,
 * through the check; `judge: false` reads them alone, as a run another check refused does.
 */
function judged(name: string, extra: string, { judge = true } = {}) {
  const rules = mergeIntoAppRules(
    typicalAppRules.replace('match /Tasks/{taskId} {', `${extra}\n    match /Tasks/{taskId} {`),
  );
  const file = join(dir, `${name}.rules`);
  writeFileSync(file, rules);
  return appRulesOutcome(
    { root: repoRoot, project: { id: PROJECT, from: '--project' } },
    { APP_FIRESTORE_RULES: file },
    { judge },
  );
}

describe("the app's rules with our fragment", () => {
  it('pass when they grant nothing under our collections', async () => {
    const outcome = await judged('good', '');
    expect(outcome.problems).toEqual([]);
    expect(outcome.note).toContain('gets, lists, creates, updates or deletes a document of ours');
  });

  it('are refused with an owner-keyed create anywhere: a signed-in client may create a mail from our domain', async () => {
    const { problems } = await judged(
      'owner-create',
      'match /{document=**} {\n      allow create: if request.resource.data.owner == request.auth.uid;\n    }',
    );
    expect(problems).toContainEqual(
      expect.stringMatching(
        /^a signed-in client may create _mail\/rules-check-user \(a document naming it in every owner field/,
      ),
    );
    expect(problems).toContainEqual(
      expect.stringMatching(/^a signed-in client may create _signInHandoffs\/rules-check-user /),
    );
    expect(problems.some((problem) => problem.startsWith('an anonymous client'))).toBe(false);
    expect(problems.some((problem) => / may (read|list|update|delete) /.test(problem))).toBe(false);
  });

  it("are refused with a uid-keyed read: a signed-in client may read a handoff code's record naming it", async () => {
    const { problems } = await judged(
      'uid-read',
      'match /{collection}/{id} {\n      allow read: if resource.data.uid == request.auth.uid;\n    }',
    );
    expect(problems).toContainEqual(
      expect.stringMatching(/^a signed-in client may read _signInHandoffs\/rules-check-user /),
    );
    expect(problems).toContainEqual(
      expect.stringMatching(/^a signed-in client may read _accountLocks\/rules-check-user /),
    );
    expect(problems.some((problem) => / may (create|update|delete) /.test(problem))).toBe(false);
  });

  it('are refused with an e-mail-keyed update: a signed-in client may rewrite a queued mail to it', async () => {
    const { problems } = await judged(
      'email-update',
      'match /{document=**} {\n      allow update: if resource.data.email == request.auth.token.email;\n    }',
    );
    expect(problems).toContainEqual(expect.stringMatching(/^a signed-in client may update _mail\/rules-check-user /));
    expect(problems.some((problem) => / may (read|list|create|delete) /.test(problem))).toBe(false);
  });

  it('are refused with a wildcard allow for signed-in users, every operation named', async () => {
    const { problems } = await judged(
      'signed-in',
      'match /{document=**} {\n      allow read, write: if request.auth != null;\n    }',
    );
    for (const operation of ['read', 'list', 'create', 'update', 'delete'])
      expect(problems).toContain(`a signed-in client may ${operation} _mail/rules-check-user`);
    expect(problems.at(-1)).toMatch(/^grant nothing under our collections: /);
  });

  it("are refused with a create of the mail's own shape alone, addressed to the caller (a rule that allows only some keys)", async () => {
    const { problems } = await judged(
      'mail-keys',
      'match /{collection}/{id} {\n      allow create: if request.resource.data.keys().hasOnly(["to", "message"])\n' +
        '        && request.resource.data.to == request.auth.token.email;\n    }',
    );
    expect(problems).toContainEqual(
      expect.stringMatching(
        /^a signed-in client may create _mail\/rules-check-user \(a document with only to = its address\)/,
      ),
    );
  });

  it("are refused with rules keyed on the document's path: the documents below the caller's id are its own", async () => {
    const { problems } = await judged(
      'path-keyed',
      'match /{collection}/{userId}/{document=**} {\n      allow read, write: if request.auth.uid == userId;\n    }',
    );
    expect(problems).toContainEqual(
      expect.stringMatching(/^a signed-in client may create _signUps\/rules-check-user\/below\/rules-check-user/),
    );
  });
});

/**
 * App-wide rules whose condition no document of the probe's satisfies, though a client's own does:
 * each opens every collection of ours. The probe passes them (shown with the first, whose problems
 * are the reading's alone); the static check of the match paths (src/rules-scan.ts) refuses each
 * allow that can bind a collection of ours and is not `false`, which the others show with the
 * reading alone (the probe, seconds long, would add nothing to what they assert).
 */
describe("the app's rules with an app-wide allow that the probe's documents never satisfy", () => {
  const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  /** The problem naming `statement` under the app-wide match, which can bind every collection of ours. */
  const reaching = (statement: string) =>
    expect.stringMatching(
      new RegExp(
        `^${escaped(`\`${statement}\` (line `)}\\d+${escaped(
          ') under `match /databases/{database}/documents/{collection}/{docId}` can bind every collection of ours',
        )}`,
      ),
    );
  const appWide = (statement: string) => `match /{collection}/{docId} {\n      ${statement};\n    }`;

  it("are refused with a typed-field create: a mail of the writer's HTML from our domain", async () => {
    const statement = 'allow create: if request.auth != null && request.resource.data.createdAt is timestamp';
    const { problems } = await judged('typed-field', appWide(statement));
    expect(problems).toContainEqual(reaching(statement));
    expect(problems.at(-1)).toMatch(/^grant nothing under our collections: /);
    // The probe let nothing through: the reading alone refused them.
    expect(problems).toHaveLength(2);
  });

  it("are refused with an id-shape condition: a handoff code's record and an account's lock opened", async () => {
    const statement = 'allow read, write: if request.auth != null && docId.size() == 20';
    const { problems } = await judged('id-shape', appWide(statement), { judge: false });
    expect(problems).toContainEqual(reaching(statement));
  });

  it('are refused with a required-keys create: a mail holding the keys the rule asks for', async () => {
    const statement = "allow create: if request.auth != null && request.resource.data.keys().hasAll(['owner', 'type'])";
    const { problems } = await judged('required-keys', appWide(statement), { judge: false });
    expect(problems).toContainEqual(reaching(statement));
  });

  it('are refused, failing closed, when the rules cannot be read', async () => {
    const { problems } = await judged(
      'unreadable',
      'match /{collection}/{docId} {\n      allow read: if "open;\n    }',
    );
    expect(problems).toEqual([
      expect.stringMatching(/^the rules could not be read \(line \d+:\d+: unterminated string\): /),
    ]);
  });

  it('are refused, failing closed, when a function is declared twice: the first grants every read, the second none', async () => {
    const { problems } = await judged(
      'declared-twice',
      'function mayRead() { return true; }\n    function mayRead() { return false; }\n' +
        '    match /{collection}/{docId} {\n      allow read: if mayRead();\n    }',
    );
    expect(problems).toEqual([
      expect.stringMatching(
        /^the rules could not be read \(line \d+:14: function mayRead\(\) is declared twice in one block/,
      ),
    ]);
  });
});

describe("the probe's documents", () => {
  it("cover every collection of ours, each with its records' own fields (a new collection needs its entry)", () => {
    expect(probedCollections()).toContain('_mail');
    expect(Object.keys(COLLECTION_SHAPES).sort()).toEqual(probedCollections().sort());
  });
});

describe("the run's verdicts (DAYFOCUS_RULES_VERDICTS, the tests' own)", () => {
  it('are set for the deploys the tests run, so that the same rules are judged once a run', () => {
    expect(process.env['DAYFOCUS_RULES_VERDICTS']).toMatch(/dayfocus-rules-verdicts-/);
  });

  it('answer for rules judged word for word before, and never for other rules', async () => {
    const verdicts = mkdtempSync(join(dir, 'verdicts-'));
    const check = (name: string, rules: string) => {
      const file = join(dir, `${name}.rules`);
      writeFileSync(file, rules);
      return appRulesOutcome(
        { root: repoRoot, project: { id: PROJECT, from: '--project' } },
        { APP_FIRESTORE_RULES: file, DAYFOCUS_RULES_VERDICTS: verdicts },
      );
    };
    const rules = mergeIntoAppRules(typicalAppRules);
    expect((await check('first', rules)).problems).toEqual([]);
    expect(readdirSync(verdicts)).toHaveLength(1);
    // A verdict planted for these very rules is what a second check answers: it judged nothing anew.
    const [kept = ''] = readdirSync(verdicts);
    writeFileSync(join(verdicts, kept), JSON.stringify(['the kept verdict']));
    expect((await check('again', rules)).problems).toContain('the kept verdict');
    // One more space is other rules: judged, and found as good as the first.
    expect((await check('other', `${rules} `)).problems).toEqual([]);
    expect(readdirSync(verdicts)).toHaveLength(2);
  });
});
