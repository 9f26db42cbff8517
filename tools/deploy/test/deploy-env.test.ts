import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { functionParamRows, functionParams } from '@dayfocus/contracts/function-params';
import { functionSecretRows } from '@dayfocus/contracts/function-secrets';
import { localFunctionParams } from '@dayfocus/stack/function-params';
import { repoRoot } from '@dayfocus/stack/settings';
import {
  deployParamProblems,
  dotenvKeys,
  dotenvLines,
  emulatorSettingsInDeploy,
  leftoverLines,
} from '../src/deploy-env.js';

/** The params each project sets itself: those the table declares without a default. */
const paramsWithoutDefault = functionParamRows.filter(([, param]) => param.default === undefined).map(([name]) => name);

const functionsDir = join(repoRoot, 'functions');

/** A project's functions/.env.{projectId}, as docs/deploying.md asks for it. */
const projectEnv = {
  PRODUCT_DOMAIN: 'https://dayfocus.app',
  LINK_ORIGIN: 'https://dayfocus.app',
  PRODUCT_IMAGE_URL: 'https://dayfocus.app/images/dayfocus-preview.png',
  APPLE_TEAM_ID: 'ABCDE12345',
  ANDROID_CERT_SHA256: Array.from({ length: 32 }, () => 'AB').join(':'),
  WEB_API_KEY: 'AIzaSyDayfocusTestKey',
  WEB_APP_ID: '1:123456789012:web:0123456789abcdef',
};

describe("the deploy's env files", () => {
  it('reads the keys and lines of a dotenv file', () => {
    const text = '# comment\nA=1\n  export B = x\n\nC_D="q=r"\nnot a line\n';
    expect(dotenvKeys(text)).toEqual(['A', 'B', 'C_D']);
    expect(dotenvLines(text).map(({ key, value }) => [key, value])).toEqual([
      ['A', '1'],
      ['B', 'x'],
      ['C_D', '"q=r"'],
    ]);
  });

  it('tells the answers an old deploy folder holds that the kept file lacks, or sets otherwise', () => {
    const { missing, differing } = leftoverLines('A=1\nB="two"\nC=3\n', 'A=1\nC=4\n');
    expect(missing.map(({ line }) => line)).toEqual(['B="two"']);
    expect(differing.map(({ key }) => key)).toEqual(['C']);
    expect(leftoverLines('A=1\n', '').missing.map(({ key }) => key)).toEqual(['A']);
  });

  it('refuses emulator-only switches in every file a deploy reads, and only there', () => {
    expect(
      emulatorSettingsInDeploy([
        { name: '.env', text: 'PRODUCT_DOMAIN=https://dayfocus.app\nFUNCTIONS_EMULATOR=true\n' },
        { name: '.env.dayfocus-prod', text: 'FIRESTORE_EMULATOR_HOST=127.0.0.1:8080\nFIREBASE_EMULATOR_HUB=x\n' },
        { name: '.env.local', text: 'FUNCTIONS_EMULATOR=true\n' },
        { name: '.env.staging', text: 'APP_CHECK_ENFORCEMENT=monitor\nEMULATORS_NOTE=x\n' },
      ]),
    ).toEqual([
      '.env: FUNCTIONS_EMULATOR',
      '.env.dayfocus-prod: FIRESTORE_EMULATOR_HOST',
      '.env.dayfocus-prod: FIREBASE_EMULATOR_HUB',
    ]);
  });
});

describe("the functions' params a deploy needs", () => {
  it('are the params and secrets the built functions declare, each with its declared type, default and description', () => {
    const script =
      'require("./lib/index.js");' +
      'process.stdout.write(JSON.stringify(require("firebase-functions/params").declaredParams.map((p) => p.toSpec())))';
    const env: NodeJS.ProcessEnv = { ...process.env, LINK_PROVIDER: 'dynamic-links' };
    delete env.FUNCTIONS_EMULATOR;
    const declared = JSON.parse(
      execFileSync(process.execPath, ['-e', script], { cwd: functionsDir, env, encoding: 'utf8' }),
    ) as { name: string; type: string; default?: unknown; description?: string }[];
    const byName = (rows: { name: string }[]) => rows.sort((a, b) => a.name.localeCompare(b.name));
    expect(
      byName(declared.map(({ name, type, default: value, description }) => ({ name, type, value, description }))),
    ).toEqual(
      byName([
        ...Object.entries(functionParams).map(([name, param]) => ({
          name,
          type: param.type,
          value: 'default' in param ? param.default : undefined,
          description: param.description,
        })),
        ...functionSecretRows.map(([name, secret]) => ({
          name,
          type: 'secret',
          value: undefined,
          description: secret.description,
        })),
      ]),
    );
  });

  it('refuses each param without a default left unset, saying what to set in its declared words', () => {
    const problems = deployParamProblems({});
    expect(problems).toHaveLength(paramsWithoutDefault.length);
    paramsWithoutDefault.forEach((name, index) => {
      expect(problems[index]).toBe(`${name} is not set: set ${functionParams[name].description}`);
    });
  });

  it("refuses the local stack's value of each param it sets", () => {
    for (const [name, value] of Object.entries(localFunctionParams)) {
      expect(deployParamProblems({ ...projectEnv, [name]: value })).toContainEqual(
        expect.stringMatching(new RegExp(`^${name} `)),
      );
    }
  });

  it('refuses an env file that still sets a setting of the removed dynamic-links provider, naming it', () => {
    expect(
      deployParamProblems({ ...projectEnv, LINK_PROVIDER: 'own', DYNAMIC_LINKS_API_URL: 'https://x.test/' }),
    ).toEqual([
      expect.stringMatching(/^LINK_PROVIDER is set, but the dynamic-links provider is gone .*: remove it/),
      expect.stringMatching(/^DYNAMIC_LINKS_API_URL is set, but the dynamic-links provider is gone/),
    ]);
  });

  it('refuses a secret written into an env file, pointing to Secret Manager', () => {
    expect(deployParamProblems({ ...projectEnv, MAIL_CODE_KEY: 'c2VjcmV0' })).toEqual([
      expect.stringMatching(
        /^MAIL_CODE_KEY is in an env file, but it is a secret: .*firebase functions:secrets:set MAIL_CODE_KEY/,
      ),
    ]);
  });

  it("passes a project's settings", () => {
    expect(deployParamProblems(projectEnv)).toEqual([]);
    expect(deployParamProblems({ ...projectEnv, APP_CHECK_ENFORCEMENT: 'monitor' })).toEqual([]);
  });

  it('says what to set for each param left unset', () => {
    expect(deployParamProblems({})).toEqual([
      "PRODUCT_DOMAIN is not set: set the site's https origin, such as https://dayfocus.app: short links lead to {PRODUCT_DOMAIN}/?userId={inviter}",
      'LINK_ORIGIN is not set: set the https origin Hosting serves the short links on: {LINK_ORIGIN}/l/{code}',
      'PRODUCT_IMAGE_URL is not set: set the https address of the link preview image (1200x630 PNG or JPEG)',
      "APPLE_TEAM_ID is not set: set the iOS app's Apple Developer team id (10 characters), for apple-app-site-association",
      "ANDROID_CERT_SHA256 is not set: set the Android app's signing-certificate SHA-256 fingerprints, comma-separated, for assetlinks.json",
      "WEB_API_KEY is not set: set the web config's apiKey (Project settings, Your apps; public, as in the site's config.json): applying Auth's verification codes needs it",
      "WEB_APP_ID is not set: set the web app's App ID (Project settings, Your apps: 1:{number}:web:{hex}, the firebase.appId of the site's config.json): the App Check fallback mints tokens for this app alone",
    ]);
  });

  it("refuses a WEB_APP_ID that is the example's placeholder, another placeholder or no web app's App ID", () => {
    const problemOf = (WEB_APP_ID: string) => deployParamProblems({ ...projectEnv, WEB_APP_ID });
    const set = `set ${functionParams.WEB_APP_ID.description}`;
    expect(problemOf('1:000000000000:web:your-app-id')).toEqual([
      `WEB_APP_ID is the placeholder "1:000000000000:web:your-app-id": ${set}`,
    ]);
    expect(problemOf('1:000000000000:web:0123456789abcdef')).toEqual([
      `WEB_APP_ID is the placeholder "1:000000000000:web:0123456789abcdef": ${set}`,
    ]);
    expect(problemOf('1:123456789012:android:0123456789abcdef')).toEqual([
      `WEB_APP_ID is "1:123456789012:android:0123456789abcdef", which is no web app's App ID: ${set}`,
    ]);
  });

  it('refuses local values, placeholders and a wrong enforcement mode', () => {
    expect(
      deployParamProblems({
        ...projectEnv,
        LINK_ORIGIN: localFunctionParams.LINK_ORIGIN,
        PRODUCT_IMAGE_URL: 'http://dayfocus.app/images/dayfocus-preview.png',
        APPLE_TEAM_ID: localFunctionParams.APPLE_TEAM_ID,
        ANDROID_CERT_SHA256: Array.from({ length: 32 }, () => '00').join(':'),
        WEB_API_KEY: localFunctionParams.WEB_API_KEY,
        PICTURES_FOLDER: 'your-pictures-folder',
        APP_CHECK_ENFORCEMENT: 'off',
      }),
    ).toEqual([
      `LINK_ORIGIN is the local stack's "${localFunctionParams.LINK_ORIGIN}": set ${functionParams.LINK_ORIGIN.description}`,
      `APPLE_TEAM_ID is the local stack's "LOCALTEAM0": set ${functionParams.APPLE_TEAM_ID.description}`,
      `ANDROID_CERT_SHA256 is the local stack's "${localFunctionParams.ANDROID_CERT_SHA256}": set ${functionParams.ANDROID_CERT_SHA256.description}`,
      `WEB_API_KEY is the local stack's "local-placeholder-api-key": set ${functionParams.WEB_API_KEY.description}`,
      `PICTURES_FOLDER is the placeholder "your-pictures-folder": set the Storage folder of the users' pictures: an inviter's picture counts only at {folder}/{uid}/…`,
      'PRODUCT_IMAGE_URL is http://dayfocus.app/images/dayfocus-preview.png: a deployed project needs a public https URL',
      'APP_CHECK_ENFORCEMENT must be "enforce" or "monitor", not "off" (or leave it out)',
    ]);
  });
});
