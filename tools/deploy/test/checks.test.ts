/** The preflight's list of checks, in-process: the rules of a deployable web config, and how a check is added. */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { mergeIntoAppRules } from '@dayfocus/stack/companion-rules';
import { APP_CHECK_MINTER, functionRows, HANDOFF_SIGNER } from '@dayfocus/contracts/functions';
import type { CallableName } from '@dayfocus/contracts/callables';
import { deployChecks, runDeployChecks, type DeployCheck } from '../src/checks.js';
import { deployableConfigProblems } from '../src/web-config.js';
import { LANGUAGES, languagesOutcome } from '../src/languages.js';
import { mailExtensionOutcome } from '../src/mail-extension.js';
import {
  computeServiceAccount,
  TOKEN_CREATOR_ROLE,
  tokenSignerOutcome,
  type Gcloud,
  type IamPolicy,
} from '../src/token-signer.js';
import { manifestProblems } from '../src/signers.js';
import { goodWebConfig, PROJECT, repoRoot } from './tree.js';

const readJson = (path: string): unknown => JSON.parse(readFileSync(join(repoRoot, path), 'utf8'));

describe('a deployable web config', () => {
  it("is the example filled in with the project's values", () => {
    expect(deployableConfigProblems(goodWebConfig(), PROJECT)).toEqual([]);
  });

  it("is not the example itself, nor the local stack's", () => {
    expect(deployableConfigProblems(readJson('apps/web/config.example.json'), PROJECT)).toEqual(
      expect.arrayContaining([
        `firebase.apiKey is the example's placeholder "your-web-api-key": set the project's own value`,
        `firebase.projectId is your-project-id but the deploy goes to ${PROJECT}: use ${PROJECT}'s web config`,
        `appCheck.siteKey is the example's placeholder "your-recaptcha-enterprise-site-key": set the project's own value`,
        `legal.operator is the example's placeholder "your-company-name": set the project's own value`,
        `originTrialToken is the example's placeholder "your-origin-trial-token-or-remove-this-line": set the project's own value`,
      ]),
    );
    expect(deployableConfigProblems(readJson('apps/web/public/config.json'), PROJECT)).toHaveLength(5);
  });
});

describe('the list of checks', () => {
  const deploy = { root: repoRoot, project: { id: PROJECT, from: '--project' } };
  const extra: DeployCheck = {
    name: 'an added check',
    targets: ['firestore'],
    run: () => ({ problems: ['it found something: set X'] }),
  };

  it('takes one more entry, run for its own targets only', async () => {
    const checks = [...deployChecks, extra];
    const forFirestore = await runDeployChecks(deploy, { only: ['firestore'], checks });
    expect(forFirestore.map(({ name }) => name)).toEqual([
      'the project deployed to',
      'firebase.json deploys no Firestore rules',
      "the app's Firestore rules (APP_FIRESTORE_RULES)",
      'an added check',
    ]);
    expect(forFirestore[3]?.problems).toEqual(['it found something: set X']);
    const forHosting = await runDeployChecks(deploy, { only: ['hosting'], checks });
    expect(forHosting.map(({ name }) => name)).not.toContain('an added check');
  });

  it("judges the app's rules on an emulator only when every check before them passed", async () => {
    const failing: DeployCheck = { name: 'a failing check', targets: ['firestore'], run: () => ({ problems: ['x'] }) };
    const appRules = deployChecks.find(({ name }) => name === "the app's Firestore rules (APP_FIRESTORE_RULES)");
    if (!appRules) throw new Error("no check of the app's rules");
    const dir = mkdtempSync(join(tmpdir(), 'app-rules-'));
    const typical = readFileSync(join(repoRoot, 'tools/stack/test/fixtures/typical-app.rules'), 'utf8');
    const open = typical.replace(
      'match /Tasks/{taskId} {',
      'match /{c}/{id} {\n allow read: if true;\n }\n match /Tasks/{taskId} {',
    );
    writeFileSync(join(dir, 'good.rules'), mergeIntoAppRules(typical));
    writeFileSync(join(dir, 'open.rules'), mergeIntoAppRules(open));
    const judged = async (file: string) => {
      vi.stubEnv('APP_FIRESTORE_RULES', join(dir, file));
      return (await runDeployChecks(deploy, { checks: [failing, appRules] }))[1];
    };
    try {
      // Refused already: the reading alone (no probe's lines), which still refuses what it finds.
      expect(await judged('good.rules')).toMatchObject({
        problems: [],
        note: expect.stringContaining('not judged by an emulator yet, as another check refused this deploy'),
      });
      const { problems } = (await judged('open.rules')) ?? { problems: [] };
      expect(problems).toEqual([
        expect.stringMatching(/^`allow read: if true` \(line \d+\) under `match .*\/\{c\}\/\{id\}` can bind every/),
        expect.stringMatching(/^grant nothing under our collections: /),
      ]);
    } finally {
      vi.unstubAllEnvs();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reports a check that breaks as a failed check', async () => {
    const broken: DeployCheck = {
      name: 'a broken check',
      targets: ['hosting'],
      run: () => {
        throw new Error('no such file');
      },
    };
    const [report] = await runDeployChecks(deploy, { checks: [broken] });
    expect(report).toEqual({ name: 'a broken check', problems: ['the check failed: no such file'] });
  });
});

describe('the languages a build switches on', () => {
  /** A tree whose build switched these on (as apps/web/vite.config.ts writes them). */
  function built(languages: unknown): string {
    const root = mkdtempSync(join(tmpdir(), 'languages-'));
    mkdirSync(join(root, 'functions/lib/web'), { recursive: true });
    writeFileSync(join(root, LANGUAGES), JSON.stringify(languages));
    return root;
  }
  const on = (code: string, facts: { pseudo?: boolean; awaitingReview?: boolean } = {}) => ({
    code,
    pseudo: facts.pseudo ?? false,
    awaitingReview: facts.awaitingReview ?? false,
  });

  it('pass when each is a reviewed language', () => {
    expect(languagesOutcome({ root: built([on('en'), on('hi')]) })).toMatchObject({ problems: [], note: 'en, hi' });
  });

  it('refuse a pseudo-locale and a draft awaiting review, naming each', () => {
    const { problems } = languagesOutcome({
      root: built([on('en'), on('bn', { awaitingReview: true }), on('ar-XB', { pseudo: true })]),
    });
    expect(problems).toEqual([
      expect.stringMatching(/^portalLanguages switches on bn, a draft awaiting a native speaker's review/),
      expect.stringMatching(/^portalLanguages switches on ar-XB, a pseudo-locale/),
    ]);
  });

  it('refuse a build that wrote none, or an older list of codes alone', () => {
    const empty = mkdtempSync(join(tmpdir(), 'languages-'));
    expect(languagesOutcome({ root: empty }).problems).toEqual([expect.stringMatching(/^it is missing/)]);
    expect(languagesOutcome({ root: built(['en', 'hi']) }).problems).toEqual([
      expect.stringMatching(/^it is not the list a build writes/),
    ]);
  });
});

describe('the Trigger Email extension', () => {
  /** A tree with the repository's firebase.json and extension params, and the project's own file. */
  function tree(projectParams: string | null): string {
    const root = mkdtempSync(join(tmpdir(), 'mail-extension-'));
    writeFileSync(join(root, 'firebase.json'), readFileSync(join(repoRoot, 'firebase.json')));
    mkdirSync(join(root, 'extensions'));
    const shared = 'extensions/firestore-send-email.env';
    writeFileSync(join(root, shared), readFileSync(join(repoRoot, shared)));
    if (projectParams !== null) writeFileSync(join(root, `${shared}.${PROJECT}`), projectParams);
    return root;
  }
  const deploy = (root: string) => ({ root, project: { id: PROJECT, from: '--project' } });

  it("passes with the project's SMTP server and sender", () => {
    const root = tree(
      'SMTP_CONNECTION_URI=smtps://postmaster@smtp.mailgun.org:465\nDEFAULT_FROM="Dayfocus <noreply@dayfocus.app>"\n',
    );
    expect(mailExtensionOutcome(deploy(root))).toMatchObject({ problems: [] });
  });

  it('refuses without them, or with an example left in, saying where to set each', () => {
    expect(mailExtensionOutcome(deploy(tree(null))).problems).toEqual([
      expect.stringMatching(
        new RegExp(`^SMTP_CONNECTION_URI is not set: set it in extensions/firestore-send-email.env.${PROJECT}`),
      ),
      expect.stringMatching(/^DEFAULT_FROM is not set/),
    ]);
    const examples = tree(
      'SMTP_CONNECTION_URI=smtps://username@smtp.hostname.com:465\nDEFAULT_FROM=foobar@example.com\n',
    );
    expect(mailExtensionOutcome(deploy(examples)).problems).toEqual([
      expect.stringMatching(/^SMTP_CONNECTION_URI is "smtps:\/\/username@smtp.hostname.com:465", not an SMTP server/),
      expect.stringMatching(/^DEFAULT_FROM is "foobar@example.com"/),
    ]);
  });

  it("reads the params firebase-tools' own readInstanceParam reads: the shared file, the alias's, the project's, in that order", () => {
    const root = tree('DEFAULT_FROM="Project <p@dayfocus.app>"\nMAIL_COLLECTION=_mail\n');
    writeFileSync(
      join(root, 'extensions/firestore-send-email.env.prod'),
      'SMTP_CONNECTION_URI=smtps://alias@smtp.mailgun.org:465\nDEFAULT_FROM="Alias <a@dayfocus.app>"\n',
    );
    // What firebase-tools' deploy reads (lib/extensions/manifest.js), here the judge of what the check reads.
    const { readInstanceParam } = createRequire(import.meta.url)('firebase-tools/lib/extensions/manifest.js') as {
      readInstanceParam(args: { projectDir: string; instanceId: string; projectId: string; aliases: string[] }): object;
    };
    const theirs = readInstanceParam({
      projectDir: root,
      instanceId: 'firestore-send-email',
      projectId: PROJECT,
      aliases: ['prod'],
    });
    expect(theirs).toMatchObject({
      SMTP_CONNECTION_URI: 'smtps://alias@smtp.mailgun.org:465',
      DEFAULT_FROM: 'Project <p@dayfocus.app>',
    });
    const outcome = mailExtensionOutcome({ root, project: { id: PROJECT, alias: 'prod', from: '--project' } });
    expect(outcome).toEqual({
      where: expect.any(String),
      problems: [],
      note: expect.stringContaining('sends from Project <p@dayfocus.app>'),
    });
    // A tree with no params file at all is refused as firebase-tools would find none.
    rmSync(join(root, 'extensions'), { recursive: true });
    expect(() =>
      readInstanceParam({ projectDir: root, instanceId: 'firestore-send-email', projectId: PROJECT, aliases: [] }),
    ).toThrow('No params file found');
    expect(mailExtensionOutcome(deploy(root)).problems).toEqual(['extensions/firestore-send-email.env is missing']);
  });

  it('refuses another collection than the outbox the functions write', () => {
    const root = tree(
      'SMTP_CONNECTION_URI=smtps://a@smtp.mailgun.org:465\nDEFAULT_FROM=noreply@dayfocus.app\nMAIL_COLLECTION=mail\n',
    );
    expect(mailExtensionOutcome(deploy(root)).problems).toEqual([
      'MAIL_COLLECTION is mail: the functions write the mails to _mail',
    ]);
  });
});

describe("the signer of the handoff's custom tokens", () => {
  const deploy = { root: repoRoot, project: { id: PROJECT, from: '--project' } };
  const compute = computeServiceAccount('123456789012');
  const appEngine = `${PROJECT}@appspot.gserviceaccount.com`;
  const signer = `dayfocus-handoff-signer@${PROJECT}.iam.gserviceaccount.com`;
  const create = `gcloud iam service-accounts create dayfocus-handoff-signer --display-name="Dayfocus handoff signer" --project=${PROJECT}`;
  const grantOnItself =
    `gcloud iam service-accounts add-iam-policy-binding ${signer} --member=serviceAccount:${signer} ` +
    `--role=${TOKEN_CREATOR_ROLE} --project=${PROJECT}`;
  const signs = (...accounts: string[]): IamPolicy => ({
    bindings: [{ role: TOKEN_CREATOR_ROLE, members: accounts.map((account) => `serviceAccount:${account}`) }],
  });
  /**
   * A stand-in for gcloud (Google's servers are out of reach here), answering from these policies:
   * the project's, and each service account's (an account without one does not exist: NOT_FOUND,
   * as gcloud says it).
   */
  const gcloud =
    (project: IamPolicy, accounts: Record<string, IamPolicy>): Gcloud =>
    async (args) => {
      if (args[0] === 'projects' && args[1] === 'describe') return '123456789012\n';
      if (args[0] === 'projects' && args[1] === 'get-iam-policy') return JSON.stringify(project);
      const account = args[3] ?? '';
      const policy = accounts[account];
      if (args.slice(0, 3).join(' ') === 'iam service-accounts get-iam-policy' && policy) return JSON.stringify(policy);
      throw new Error(
        `Command failed: gcloud ${args.join(' ')}\nERROR: (gcloud.iam.service-accounts.get-iam-policy) NOT_FOUND: Unknown service account`,
      );
    };
  const minter = `dayfocus-app-check-minter@${PROJECT}.iam.gserviceaccount.com`;
  /**
   * The accounts as a project has them: the two default ones, the signer when made, and the App
   * Check fallback's minter (made, and granted on itself, unless told otherwise).
   */
  const accounts = (
    signerPolicy?: IamPolicy,
    computePolicy: IamPolicy = {},
    minterPolicy: IamPolicy | null = signs(minter),
  ) => ({
    [compute]: computePolicy,
    [appEngine]: {},
    ...(signerPolicy ? { [signer]: signerPolicy } : {}),
    ...(minterPolicy ? { [minter]: minterPolicy } : {}),
  });
  const signedIn = () => true;
  const outcome = (project: IamPolicy, policies: Record<string, IamPolicy>) =>
    tokenSignerOutcome(deploy, gcloud(project, policies), signedIn, {});

  it('passes when the signer alone may sign, as itself: the role granted on its own account', async () => {
    expect(await outcome({}, accounts(signs(signer)))).toMatchObject({
      problems: [],
      note: expect.stringContaining(
        `${signer} alone signs custom tokens (redeemSignInHandoff), ${TOKEN_CREATOR_ROLE} on itself`,
      ),
    });
  });

  it('refuses a project-level grant, to the signer or to the compute default account, with the command that removes it', async () => {
    for (const account of [signer, compute]) {
      const { problems } = await outcome(signs(account), accounts(signs(signer)));
      expect(problems).toEqual([
        expect.stringContaining(
          `${account} (${account === signer ? 'the signer' : 'the compute default account, which every other 2nd-gen function runs as'}) ` +
            `holds ${TOKEN_CREATOR_ROLE} on the project: it can sign as every service account of the project`,
        ),
      ]);
      expect(problems[0]).toContain(
        `gcloud projects remove-iam-policy-binding ${PROJECT} --member=serviceAccount:${account} --role=${TOKEN_CREATOR_ROLE}`,
      );
    }
  });

  it('refuses the grant the docs once asked for: the compute default account on itself (every function could mint)', async () => {
    const { problems } = await outcome({}, accounts(signs(signer), signs(compute)));
    expect(problems).toEqual([
      `${compute} (the compute default account, which every other 2nd-gen function runs as) holds ` +
        `${TOKEN_CREATOR_ROLE} on itself: every such function could mint a sign-in for any user. Remove it: ` +
        `gcloud iam service-accounts remove-iam-policy-binding ${compute} --member=serviceAccount:${compute} ` +
        `--role=${TOKEN_CREATOR_ROLE} --project=${PROJECT}`,
    ]);
  });

  it('refuses the compute default account, or any other workload, allowed to sign as the signer', async () => {
    const { problems } = await outcome(
      {},
      accounts(signs(signer, compute, `other@${PROJECT}.iam.gserviceaccount.com`)),
    );
    expect(problems).toEqual([
      expect.stringContaining(
        `${compute} (the compute default account, which every other 2nd-gen function runs as) holds ${TOKEN_CREATOR_ROLE} on ${signer}`,
      ),
      expect.stringContaining(`other@${PROJECT}.iam.gserviceaccount.com holds ${TOKEN_CREATOR_ROLE} on ${signer}`),
    ]);
  });

  it('refuses a project-level grant to the App Engine default account (the auth triggers run as it)', async () => {
    const { problems } = await outcome(signs(appEngine), accounts(signs(signer)));
    expect(problems).toEqual([expect.stringContaining(`${appEngine} (the App Engine default account`)]);
  });

  it('refuses when the signer lacks the role on itself, with the commands that create it and grant it there', async () => {
    const { problems } = await outcome({}, accounts({ bindings: [] }));
    expect(problems).toEqual([
      `${signer}, which redeemSignInHandoff run as, lacks ${TOKEN_CREATOR_ROLE} on itself: every redemption would ` +
        `fail. Grant it on the account, not on the project: ${grantOnItself}`,
    ]);
    // Not made yet: both commands.
    const missing = await outcome({}, accounts());
    expect(missing.problems).toEqual([expect.stringContaining(`does not exist`)]);
    expect(missing.problems[0]).toContain(`${create} && ${grantOnItself}`);
  });

  it("refuses an App Check minter that does not exist or lacks the role on itself: the fallback's tokens would fail", async () => {
    const createMinter = `gcloud iam service-accounts create dayfocus-app-check-minter --display-name="Dayfocus App Check minter" --project=${PROJECT}`;
    const grantMinter =
      `gcloud iam service-accounts add-iam-policy-binding ${minter} --member=serviceAccount:${minter} ` +
      `--role=${TOKEN_CREATOR_ROLE} --project=${PROJECT}`;
    const missing = await outcome({}, accounts(signs(signer), {}, null));
    expect(missing.problems).toEqual([
      `${minter}, which attestByChallenge run as, does not exist: the deploy would fail. Create it and grant it ` +
        `${TOKEN_CREATOR_ROLE} on itself: ${createMinter} && ${grantMinter}`,
    ]);
    const ungranted = await outcome({}, accounts(signs(signer), {}, { bindings: [] }));
    expect(ungranted.problems).toEqual([
      `${minter}, which attestByChallenge run as, lacks ${TOKEN_CREATOR_ROLE} on itself: every token of the App ` +
        `Check fallback would fail, and a visitor reCAPTCHA refused is stranded. Grant it on the account, not on the project: ${grantMinter}`,
    ]);
  });

  it('refuses the minter allowed to sign as the signer, the signer as the minter, and a default account as the minter', async () => {
    const crossed = await outcome({}, accounts(signs(signer, minter), {}, signs(minter, signer)));
    expect(crossed.problems).toEqual([
      `${minter} holds ${TOKEN_CREATOR_ROLE} on ${signer}: it can sign as the signer and mint a sign-in for any user. ` +
        `Remove it: gcloud iam service-accounts remove-iam-policy-binding ${signer} --member=serviceAccount:${minter} ` +
        `--role=${TOKEN_CREATOR_ROLE} --project=${PROJECT}`,
      `${signer} holds ${TOKEN_CREATOR_ROLE} on ${minter}: it can sign as the App Check fallback's minter and mint ` +
        `App Check tokens for every app of the project. Remove it: gcloud iam service-accounts remove-iam-policy-binding ` +
        `${minter} --member=serviceAccount:${signer} --role=${TOKEN_CREATOR_ROLE} --project=${PROJECT}`,
    ]);
    const byDefault = await outcome({}, accounts(signs(signer), {}, signs(minter, compute)));
    expect(byDefault.problems).toEqual([
      expect.stringContaining(
        `${compute} (the compute default account, which every other 2nd-gen function runs as) holds ` +
          `${TOKEN_CREATOR_ROLE} on ${minter}: every such function could mint App Check tokens`,
      ),
    ]);
    const onProject = await outcome(signs(minter), accounts(signs(signer)));
    expect(onProject.problems).toEqual([
      expect.stringContaining(`${minter} (the App Check fallback's minter) holds ${TOKEN_CREATOR_ROLE} on the project`),
    ]);
  });

  it('passes when each signs as itself alone, and names the project roles of each it does not see', async () => {
    const { note } = await outcome({}, accounts(signs(signer)));
    expect(note).toContain(
      `${minter} alone signs custom tokens (attestByChallenge), ${TOKEN_CREATOR_ROLE} on itself; not seen on the ` +
        `project for it: roles/datastore.user, which its work needs unless granted otherwise (gcloud projects ` +
        `add-iam-policy-binding ${PROJECT} --member=serviceAccount:${minter} --role=roles/datastore.user)`,
    );
  });

  it('refuses a manifest where attestByChallenge runs as the compute default account or as the handoff signer, skipped or not', async () => {
    const asDefault = functionRows().map((row) => {
      if (row.name !== 'attestByChallenge') return row;
      const { serviceAccount: _dropped, ...rest } = row;
      return rest;
    });
    const asSigner = functionRows().map((row) =>
      row.name === 'attestByChallenge' ? { ...row, serviceAccount: HANDOFF_SIGNER } : row,
    );
    expect(manifestProblems()).toEqual([]);
    expect(manifestProblems(asDefault)).toEqual([
      "attestByChallenge runs as the compute default account (no serviceAccount) in the functions' manifest, not as " +
        'dayfocus-app-check-minter: that account may sign nothing, so every token of the App Check fallback would ' +
        "fail, and a visitor reCAPTCHA refused is stranded. Set its row's serviceAccount to dayfocus-app-check-minter " +
        '(packages/contracts/src/attestation-functions.ts)',
    ]);
    expect(manifestProblems(asSigner)).toEqual([
      "attestByChallenge runs as dayfocus-handoff-signer in the functions' manifest, not as dayfocus-app-check-minter: " +
        "a bug of its own or of a dependency could then mint a sign-in for any user. Set its row's serviceAccount to " +
        'dayfocus-app-check-minter (packages/contracts/src/attestation-functions.ts)',
    ]);
    // Held without gcloud: the IAM part skipped, or the IAM all good.
    const skipped = await tokenSignerOutcome(
      deploy,
      gcloud({}, accounts(signs(signer))),
      signedIn,
      {
        SKIP_SIGNER_CHECK: '1',
      },
      asSigner,
    );
    expect(skipped.problems).toEqual([expect.stringMatching(/^attestByChallenge runs as dayfocus-handoff-signer/)]);
    const checked = await tokenSignerOutcome(deploy, gcloud({}, accounts(signs(signer))), signedIn, {}, asDefault);
    expect(checked.problems).toEqual([expect.stringMatching(/^attestByChallenge runs as the compute default account/)]);
    // A function that signs nothing may not run as a signer either.
    const extra = functionRows().map((row) =>
      row.name === 'getInviter' ? { ...row, serviceAccount: APP_CHECK_MINTER } : row,
    );
    expect(manifestProblems(extra)).toEqual([
      expect.stringMatching(
        /^getInviter runs as dayfocus-app-check-minter in the functions' manifest, yet signs nothing/,
      ),
    ]);
  });

  it('fails, saying "not checked" and what to make and grant, where gcloud cannot look (not signed in, offline)', async () => {
    const unreachable: Gcloud = () => Promise.reject(new Error('Could not reach the server'));
    const offline = await tokenSignerOutcome(deploy, unreachable, signedIn, {});
    expect(offline.problems).toEqual([
      expect.stringMatching(/^not checked \(Could not reach the server\): redeemSignInHandoff run as /),
    ]);
    expect(offline.problems[0]).toContain(`${create} && ${grantOnItself}`);
    expect(offline.problems[0]).toContain('SKIP_SIGNER_CHECK=1');
    const notSignedIn = await tokenSignerOutcome(deploy, unreachable, () => false, {});
    expect(notSignedIn.problems).toEqual([
      expect.stringContaining(`not checked, gcloud is not signed in here: redeemSignInHandoff run as ${signer}`),
    ]);
    const noProject = await tokenSignerOutcome(
      { ...deploy, project: { id: undefined, from: 'none' } },
      unreachable,
      signedIn,
      {},
    );
    expect(noProject.problems).toEqual([expect.stringMatching(/^not checked, no project: /)]);
  });

  it('passes unchecked only when told to skip (SKIP_SIGNER_CHECK=1), saying so, and never asks gcloud', async () => {
    const asked: string[][] = [];
    const recording: Gcloud = (args) => {
      asked.push(args);
      return Promise.reject(new Error('not expected'));
    };
    const skipped = await tokenSignerOutcome(deploy, recording, signedIn, { SKIP_SIGNER_CHECK: '1' });
    expect(skipped).toMatchObject({
      problems: [],
      note: expect.stringMatching(/^not checked, skipped by SKIP_SIGNER_CHECK=1: redeemSignInHandoff run as /),
    });
    expect(asked).toEqual([]);
    // Any other value is a mistake, not a skip.
    const unclear = await tokenSignerOutcome(deploy, recording, () => false, { SKIP_SIGNER_CHECK: 'no' });
    expect(unclear.problems).toEqual([
      expect.stringMatching(/^SKIP_SIGNER_CHECK is "no": set it to 1 to skip the check, or unset it/),
      expect.stringContaining('not checked, gcloud is not signed in here'),
    ]);
  });
});

describe("the functions' service accounts (the manifest, and the callables' options)", () => {
  it('only the callables that sign run as an account of their own: the handoff as the signer, the fallback as the minter', () => {
    const own = functionRows().filter((row) => 'serviceAccount' in row);
    expect(own.map((row) => [row.name, row.trigger, row.serviceAccount])).toEqual([
      ['redeemSignInHandoff', 'callable', 'dayfocus-handoff-signer'],
      ['attestByChallenge', 'callable', 'dayfocus-app-check-minter'],
    ]);
  });

  it("is what the callable declares to firebase-tools (`name@`, which it completes with the project's domain); the others declare none", async () => {
    const { callable } = await import('@dayfocus/functions/platform/functions/callable');
    // The options are read when the function is defined; the handler only at a call.
    // Serialized as discovery serves them to firebase-tools (a reset to the default is null).
    const endpoint = (name: CallableName) => {
      const made = callable(name, async () => undefined as never) as unknown as { __endpoint: object };
      return JSON.parse(JSON.stringify(made.__endpoint)) as { serviceAccountEmail: string | null };
    };
    expect(endpoint('redeemSignInHandoff').serviceAccountEmail).toBe('dayfocus-handoff-signer@');
    expect(endpoint('attestByChallenge').serviceAccountEmail).toBe('dayfocus-app-check-minter@');
    const signing = ['redeemSignInHandoff', 'attestByChallenge'];
    for (const row of functionRows().filter((row) => row.trigger === 'callable' && !signing.includes(row.name)))
      expect(endpoint(row.name as CallableName).serviceAccountEmail).toBeNull();
  });
});

describe("the functions' params, in App Check's monitor mode", () => {
  it('say that the redemption of a sign-in code enforces App Check all the same', async () => {
    const root = mkdtempSync(join(tmpdir(), 'monitor-'));
    mkdirSync(join(root, 'functions'));
    writeFileSync(
      join(root, 'firebase.json'),
      JSON.stringify({ functions: [{ source: 'functions/deploy', configDir: 'functions', codebase: 'default' }] }),
    );
    const params = deployChecks.find((check) => check.name === "the functions' params");
    if (!params) throw new Error("no check of the functions' params");
    const deploy = { root, project: { id: PROJECT, from: '--project' } };
    writeFileSync(join(root, 'functions', `.env.${PROJECT}`), 'APP_CHECK_ENFORCEMENT=monitor\n');
    expect((await params.run(deploy)).note).toContain(
      'App Check monitored, but redeemSignInHandoff always enforces it',
    );
    writeFileSync(join(root, 'functions', `.env.${PROJECT}`), 'APP_CHECK_ENFORCEMENT=enforce\n');
    expect((await params.run(deploy)).note).not.toContain('monitored');
  });
});
