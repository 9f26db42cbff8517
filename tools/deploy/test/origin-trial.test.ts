/**
 * The preflight's check of the e-mail proof's origin-trial token, on tokens built here in Chrome's
 * format (a version byte, a 64-byte signature, a 4-byte length, the JSON payload). Their signature
 * is random bytes: Chrome's is made with a key of Google's, which no test and no check here can
 * verify, so the check reads the payload only (origin-trial.ts).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runDeployChecks, deployChecks } from '../src/checks.js';
import {
  decodeTrialToken,
  EMAIL_PROOF_TRIAL_FEATURE,
  EXPIRY_NOTICE_DAYS,
  originTrialOutcome,
  trialTokenOutcome,
} from '../src/origin-trial.js';
import { goodParams, PROJECT } from './tree.js';

const SITE = 'https://dayfocus.app';
const NOW = new Date('2026-11-27T10:00:00Z');
const DAY_S = 24 * 60 * 60;

/** A token as Chrome's console issues one, its signature random. */
function trialToken(payload: Record<string, unknown>, version = 3): string {
  const json = Buffer.from(JSON.stringify(payload), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(json.length);
  return Buffer.concat([Buffer.from([version]), randomBytes(64), length, json]).toString('base64');
}

const expiryIn = (days: number) => Math.floor(NOW.getTime() / 1000) + days * DAY_S;
const good = (changes: Record<string, unknown> = {}) =>
  trialToken({ origin: `${SITE}:443`, feature: EMAIL_PROOF_TRIAL_FEATURE, expiry: expiryIn(90), ...changes });

describe("the origin-trial token's format", () => {
  it('reads the payload of a version 3 token', () => {
    expect(decodeTrialToken(good())).toMatchObject({
      version: 3,
      origin: `${SITE}:443`,
      feature: EMAIL_PROOF_TRIAL_FEATURE,
      expiry: new Date(expiryIn(90) * 1000),
      isSubdomain: false,
      isThirdParty: false,
    });
  });

  it('refuses what is not one: another version, a cut token, a length that lies, no JSON, no base64', () => {
    const whole = Buffer.from(good(), 'base64');
    const lying = Buffer.from(whole);
    lying.writeUInt32BE(whole.length, 65);
    const noJson = Buffer.concat([whole.subarray(0, 65), Buffer.from([0, 0, 0, 3]), Buffer.from('{x]')]);
    expect([
      decodeTrialToken(good().replace(/^A/, 'Ag')),
      decodeTrialToken(trialToken({ origin: SITE, feature: 'x', expiry: 1 }, 1)),
      decodeTrialToken(whole.subarray(0, 60).toString('base64')),
      decodeTrialToken(lying.toString('base64')),
      decodeTrialToken(noJson.toString('base64')),
      decodeTrialToken('not a token at all!'),
      decodeTrialToken(trialToken({ origin: SITE, expiry: 1 })),
    ]).toEqual([
      expect.any(String),
      'it is a version 1 token; Chrome reads versions 2 and 3',
      expect.stringMatching(/^it is not a token/),
      "its payload's length does not match the token's",
      'its payload is not JSON',
      expect.stringMatching(/^it is not a token/),
      'its payload lacks an origin, a feature or an expiry',
    ]);
  });
});

describe('a web config’s token while EMAIL_PROOF is on', () => {
  const outcome = (token: unknown, site: unknown = SITE) => trialTokenOutcome(token, site, NOW);

  it('passes for the site’s origin and the trial’s feature, saying until when', () => {
    expect(outcome(good())).toEqual({
      problems: [],
      note: `${EMAIL_PROOF_TRIAL_FEATURE} for ${SITE}:443, until ${new Date(expiryIn(90) * 1000).toISOString().slice(0, 10)}`,
    });
    // A token for the registrable domain with its subdomains covers the site too.
    expect(
      outcome(good({ origin: 'https://dayfocus.app', isSubdomain: true }), 'https://www.dayfocus.app').problems,
    ).toEqual([]);
  });

  it(`says so ${EXPIRY_NOTICE_DAYS} days before the expiry, and refuses an expired token`, () => {
    expect(outcome(good({ expiry: expiryIn(EXPIRY_NOTICE_DAYS + 1) })).note).not.toMatch(/expires in/);
    expect(outcome(good({ expiry: expiryIn(EXPIRY_NOTICE_DAYS - 1) })).note).toMatch(
      new RegExp(`it expires in ${EXPIRY_NOTICE_DAYS - 1} days: renew it`),
    );
    expect(outcome(good({ expiry: expiryIn(-1) })).problems).toEqual([
      `originTrialToken expired on ${new Date(expiryIn(-1) * 1000).toISOString().slice(0, 10)}: renew it in the trial's console and set the new token`,
    ]);
  });

  it('refuses a missing token, another origin, another feature, a third-party token and a garbled one', () => {
    expect(outcome(undefined).problems).toEqual([
      expect.stringMatching(/^originTrialToken is missing while EMAIL_PROOF is on/),
    ]);
    expect(outcome(good({ origin: 'https://staging.dayfocus.app' })).problems).toEqual([
      expect.stringMatching(/^originTrialToken is for https:\/\/staging\.dayfocus\.app, not the site's origin/),
    ]);
    expect(outcome(good({ origin: 'https://www.dayfocus.app' }), 'https://dayfocus.app').problems).toHaveLength(1);
    expect(outcome(good({ feature: 'FedCmSomethingElse' })).problems).toEqual([
      expect.stringMatching(/^originTrialToken is for the trial FedCmSomethingElse, not /),
    ]);
    expect(outcome(good({ isThirdParty: true })).problems).toEqual([
      expect.stringMatching(/^originTrialToken is a third-party token/),
    ]);
    expect(outcome('garbled').problems).toEqual([expect.stringMatching(/^originTrialToken does not decode/)]);
  });
});

describe('the preflight', () => {
  /** A tree with firebase.json, the functions' env file and the built site's config.json. */
  function tree(params: string, config: Record<string, unknown>) {
    const root = mkdtempSync(join(tmpdir(), 'origin-trial-'));
    writeFileSync(
      join(root, 'firebase.json'),
      JSON.stringify({ hosting: { public: 'web' }, functions: { source: 'functions' } }),
    );
    mkdirSync(join(root, 'functions'));
    writeFileSync(join(root, 'functions', `.env.${PROJECT}`), params);
    mkdirSync(join(root, 'web'));
    writeFileSync(join(root, 'web', 'config.json'), JSON.stringify(config));
    return { root, project: { id: PROJECT, from: '--project' } };
  }

  it('asks nothing of the web config while EMAIL_PROOF is off (the default)', () => {
    expect(originTrialOutcome(tree(goodParams, { productDomain: SITE }), NOW)).toEqual({
      problems: [],
      note: 'EMAIL_PROOF is off: every sign-up gets the mail, no trial token needed',
    });
  });

  it('with EMAIL_PROOF=true, refuses a site without the token and passes one with it', async () => {
    const on = `${goodParams}EMAIL_PROOF=true\n`;
    expect(originTrialOutcome(tree(on, { productDomain: SITE }), NOW).problems).toEqual([
      expect.stringMatching(/^originTrialToken is missing/),
    ]);
    expect(originTrialOutcome(tree(on, { productDomain: SITE, originTrialToken: good() }), NOW).problems).toEqual([]);
    // It is one of the checks the Hosting and Functions predeploys run.
    const checks = deployChecks.filter(({ name }) => name.includes('origin-trial'));
    const reports = await runDeployChecks(tree(on, { productDomain: SITE }), { only: ['hosting'], checks });
    expect(reports.map(({ problems }) => problems.length)).toEqual([1]);
  });
});
