/** The preflight's list of checks, in-process: the rules of a deployable web config, and how a check is added. */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
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
      "the app's Firestore rules (APP_FIRESTORE_RULES)",
      'an added check',
    ]);
    expect(forFirestore[2]?.problems).toEqual(['it found something: set X']);
    const forHosting = await runDeployChecks(deploy, { only: ['hosting'], checks });
    expect(forHosting.map(({ name }) => name)).not.toContain('an added check');
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
  const account = computeServiceAccount('123456789012');
  /** A stand-in for gcloud, answering from these policies (Google's servers are out of reach here). */
  const gcloud =
    (projectPolicy: IamPolicy, accountPolicy: IamPolicy): Gcloud =>
    async (args) => {
      if (args[1] === 'describe') return '123456789012\n';
      return JSON.stringify(args[0] === 'projects' ? projectPolicy : accountPolicy);
    };
  const granted: IamPolicy = { bindings: [{ role: TOKEN_CREATOR_ROLE, members: [`serviceAccount:${account}`] }] };
  const signedIn = () => true;

  it('passes when the compute account may sign, on the project or on itself', async () => {
    expect(await tokenSignerOutcome(deploy, gcloud(granted, {}), signedIn)).toMatchObject({ problems: [] });
    expect(await tokenSignerOutcome(deploy, gcloud({}, granted), signedIn)).toMatchObject({
      problems: [],
      note: `${account} signs custom tokens`,
    });
  });

  it('refuses when it may not, with the command that grants it', async () => {
    const other: IamPolicy = { bindings: [{ role: TOKEN_CREATOR_ROLE, members: ['user:ops@example.com'] }] };
    const { problems } = await tokenSignerOutcome(deploy, gcloud(other, { bindings: [] }), signedIn);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(
      `gcloud iam service-accounts add-iam-policy-binding ${account} --member=serviceAccount:${account} ` +
        `--role=${TOKEN_CREATOR_ROLE} --project=${PROJECT}`,
    );
  });

  it('passes, saying what to grant, where gcloud cannot look (not signed in, offline)', async () => {
    const unreachable: Gcloud = () => Promise.reject(new Error('Could not reach the server'));
    const offline = await tokenSignerOutcome(deploy, unreachable, signedIn);
    expect(offline).toMatchObject({
      problems: [],
      note: expect.stringContaining('not checked (Could not reach the server)'),
    });
    const notSignedIn = await tokenSignerOutcome(deploy, unreachable, () => false);
    expect(notSignedIn.note).toContain(
      `not checked, gcloud is not signed in here: grant the functions' service account`,
    );
  });
});
