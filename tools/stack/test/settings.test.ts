/**
 * The local stack's settings have one source: firebase.json (host, ports), .firebaserc (project
 * id) and the functions' brand.ts (region, store ids). One file cannot import them and repeats
 * them: the web app's local runtime configuration (public/config.json, served as is). This test
 * holds them together (the functions' local params, src/function-params.ts, import them).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FUNCTIONS_REGION } from '@dayfocus/contracts/brand';
import { describe, expect, it } from 'vitest';
import { LOCAL_APP_CHECK_TOKEN_PATH } from '@dayfocus/contracts/app-check';
import { LOCAL_IDENTITY_PROVIDER_PATH } from '@dayfocus/contracts/provider-return';
import { defaultProject, emulatorSettings, firestoreKind, repoRoot, stack, stackSlot, urls } from '../src/config.js';
import { LOCAL_BASELINE_PATH, localFirebaseJson } from '../src/local-config.js';

const readJson = (file: string): unknown => JSON.parse(readFileSync(join(repoRoot, file), 'utf8'));

describe('the local settings', () => {
  it('are read from firebase.json and .firebaserc', () => {
    const firebaseJson = readJson('firebase.json') as { emulators: Record<string, { host: string; port: number }> };
    expect(stack.projectId).toBe((readJson('.firebaserc') as { projects: { default: string } }).projects.default);
    expect(stack.ports.hosting).toBe(firebaseJson.emulators.hosting?.port);
    expect(stack.region).toBe(FUNCTIONS_REGION);
    expect(urls.functions).toBe(`http://${stack.host}:${stack.ports.functions}/${stack.projectId}/${FUNCTIONS_REGION}`);
  });

  it('are the first stack unless DAYFOCUS_STACK_SLOT names another, from 1 to 9', () => {
    expect([undefined, '', '0', '1', '9'].map(stackSlot)).toEqual([0, 0, 0, 1, 9]);
    for (const wrong of ['10', '-1', '1.5', 'lanes'])
      expect(() => stackSlot(wrong)).toThrow(`DAYFOCUS_STACK_SLOT: a whole number from 0 to 9, not "${wrong}"`);
  });

  it("on slot 1: every port ten higher, a project and files of its own, the functions' env folder its own", () => {
    const script = [
      "const { firebaseJson, stack, urls, localEmailIssuer } = await import('./tools/stack/src/config.ts');",
      "const { slotFirebaseJson, localFirebaseJson } = await import('./tools/stack/src/local-config.ts');",
      'const local = slotFirebaseJson(localFirebaseJson(firebaseJson, []));',
      'console.log(JSON.stringify({ ports: stack.ports, projectId: stack.projectId, dir: stack.functionsConfigDir,',
      "  functions: urls.functions, issuer: localEmailIssuer.httpPort, log: stack.slotName('stack'),",
      '  file: { hosting: local.emulators.hosting.port, logging: local.emulators.logging.port,',
      '    configDir: local.functions[0].configDir } }));',
    ].join('\n');
    const output = execFileSync(join(repoRoot, 'node_modules/.bin/tsx'), ['--input-type=module', '-e', script], {
      cwd: repoRoot,
      env: { ...process.env, DAYFOCUS_STACK_SLOT: '1' },
      encoding: 'utf8',
    });
    const one = JSON.parse(output) as Record<string, unknown>;
    const shifted = Object.fromEntries(Object.entries(stack.ports).map(([name, port]) => [name, port + 10]));
    expect(one).toEqual({
      ports: shifted,
      projectId: `${stack.projectId}-1`,
      dir: '.artifacts/stack-1/functions',
      functions: `http://${stack.host}:${stack.ports.functions + 10}/${stack.projectId}-1/${FUNCTIONS_REGION}`,
      issuer: 9505,
      log: 'stack-1',
      file: { hosting: stack.ports.hosting + 10, logging: 4510, configDir: '.artifacts/stack-1/functions' },
    });
  });

  it('give the emulators firebase-tools starts beside the functions fixed ports, each slot its own', () => {
    // Eventarc's and Cloud Tasks' (firebase-tools' emulator controller starts both with the
    // functions). With no port in firebase.json it picks a free one as it starts, then listens a
    // little later: two stacks starting at once (npm test starts slot 0's and slot 1's together)
    // can pick the same, and the one that listens second exits. Seen as "Eventarc Emulator unable
    // to start on port 9299, starting on 9300 instead" in the lifecycle stage of every run.
    const portsOf = (config: unknown) =>
      Object.fromEntries(
        Object.entries((config as { emulators: Record<string, { port?: number }> }).emulators)
          .filter(([, emulator]) => typeof emulator.port === 'number')
          .map(([name, emulator]) => [name, emulator.port]),
      );
    const zero = portsOf(localFirebaseJson(readJson('firebase.json'), []));
    expect(zero).toMatchObject({ eventarc: expect.any(Number), tasks: expect.any(Number) });
    const script = [
      "const { firebaseJson } = await import('./tools/stack/src/config.ts');",
      "const { slotFirebaseJson, localFirebaseJson } = await import('./tools/stack/src/local-config.ts');",
      'console.log(JSON.stringify(slotFirebaseJson(localFirebaseJson(firebaseJson, []))));',
    ].join('\n');
    const one = portsOf(
      JSON.parse(
        execFileSync(join(repoRoot, 'node_modules/.bin/tsx'), ['--input-type=module', '-e', script], {
          cwd: repoRoot,
          env: { ...process.env, DAYFOCUS_STACK_SLOT: '1' },
          encoding: 'utf8',
        }),
      ),
    );
    expect(one).toEqual(Object.fromEntries(Object.entries(zero).map(([name, port]) => [name, Number(port) + 10])));
    expect(Object.values(one).filter((port) => Object.values(zero).includes(port))).toEqual([]);
  });

  it('refuse a firebase.json or .firebaserc that does not say them', () => {
    expect(() => emulatorSettings({ emulators: { auth: { host: '127.0.0.1' } } })).toThrow(
      'firebase.json: emulators.auth needs a "host" and a numeric "port"',
    );
    const split = Object.fromEntries(
      ['auth', 'functions', 'firestore', 'hosting', 'tasks', 'hub'].map((name, i) => [
        name,
        { host: i ? '127.0.0.1' : 'localhost', port: 1000 + i },
      ]),
    );
    expect(() => emulatorSettings({ emulators: split })).toThrow('must share one host');
    expect(() => defaultProject({ projects: {} })).toThrow('.firebaserc: projects.default is missing');
  });

  it("choose the stack's Firestore by STACK_FIRESTORE: ours unless it says official, and nothing else", () => {
    expect([undefined, '', 'ours'].map(firestoreKind)).toEqual(['ours', 'ours', 'ours']);
    expect(firestoreKind('official')).toBe('official');
    expect(() => firestoreKind('google')).toThrow(
      'STACK_FIRESTORE: "ours" (the default) or "official" (Google\'s emulator), not "google"',
    );
  });

  it("agree with the web app's local configuration (apps/web/public/config.json)", () => {
    const config = readJson('apps/web/public/config.json') as Record<string, unknown> & {
      firebase: Record<string, string>;
      emulators: { auth: string; functionsHost: string; functionsPort: number };
    };
    expect(config.firebase).toMatchObject({
      projectId: stack.projectId,
      authDomain: `${stack.projectId}.firebaseapp.com`,
      storageBucket: `${stack.projectId}.appspot.com`,
    });
    expect(config.emulators).toEqual({
      auth: urls.auth,
      functionsHost: stack.host,
      functionsPort: stack.ports.functions,
    });
    expect(config.productDomain).toBe(urls.hosting);
  });
});

describe('the local copy of firebase.json', () => {
  const production = readJson('firebase.json') as {
    hosting: { headers: { source: string; headers: { key: string; value: string }[] }[] };
  };
  const policyOf = (config: typeof production, source: string) =>
    config.hosting.headers
      .find((rule) => rule.source === source)
      ?.headers.find((h) => h.key === 'Content-Security-Policy')?.value ?? '';

  // The page function sends the pages' own policy (opened to the Auth emulator by the stack's
  // environment); Hosting's is the not-found page's alone.
  it('opens the not-found page to the Auth emulator only, and only on the local stack', () => {
    const local = localFirebaseJson(production, [urls.auth]) as typeof production;
    expect(policyOf(production, '/feedback/**')).toBe('');
    const deployed = policyOf(production, '/404.html');
    expect(deployed).toContain('upgrade-insecure-requests');
    expect(deployed).not.toMatch(/127\.0\.0\.1|localhost/);
    const served = policyOf(local, '/404.html');
    expect(served).toMatch(new RegExp(`connect-src [^;]*${urls.auth.replaceAll('.', '\\.')}`));
    expect(served).toMatch(new RegExp(`frame-src [^;]*${urls.auth.replaceAll('.', '\\.')}`));
    expect(served).not.toContain('upgrade-insecure-requests');
    expect(served).toContain("frame-ancestors 'none'");
  });

  it("serves the workspace's functions, not the folder a deploy packs, and runs no predeploy", () => {
    const local = localFirebaseJson(production, [urls.auth]) as {
      functions: { source: string; predeploy?: string[] }[];
    };
    const deployed = production as unknown as { functions: { source: string; predeploy?: string[] }[] };
    expect(deployed.functions.map((codebase) => codebase.source)).toEqual(['functions/deploy']);
    expect(local.functions.map((codebase) => [codebase.source, codebase.predeploy])).toEqual([
      ['functions', undefined],
    ]);
  });

  it.each([
    ["the short-link bench's baseline function, first", 0, LOCAL_BASELINE_PATH, 'devTrivialHttp'],
    ["the App Check stand-in's tokens on the app's origin, next", 1, LOCAL_APP_CHECK_TOKEN_PATH, 'devAppCheckToken'],
    ["the providers' stand-in sign-in pages, then", 2, `${LOCAL_IDENTITY_PROVIDER_PATH}/**`, 'devIdentityProvider'],
  ])('serves %s, which a deploy never names', (_what, index, source, functionId) => {
    const rewrites = (config: unknown) => (config as { hosting: { rewrites: { source: string }[] } }).hosting.rewrites;
    expect(rewrites(localFirebaseJson(production, [urls.auth]))[index]).toEqual({
      source,
      function: { functionId, region: stack.region },
    });
    expect(rewrites(production).map((rule) => rule.source)).not.toContain(source);
  });

  it('keeps every other setting as deployed', () => {
    const local = localFirebaseJson(production, [urls.auth]) as typeof production;
    const withoutLocalChanges = (config: typeof production) =>
      JSON.stringify(config, (key, value: unknown) => {
        if (key === 'value' && typeof value === 'string' && value.includes('default-src')) return '';
        if (key === 'functions' && Array.isArray(value)) return value.length;
        if (key === 'rewrites' && Array.isArray(value))
          return value.filter(
            (rule: { source?: string }) =>
              ![LOCAL_BASELINE_PATH, LOCAL_APP_CHECK_TOKEN_PATH, `${LOCAL_IDENTITY_PROVIDER_PATH}/**`].includes(
                rule.source ?? '',
              ),
          );
        return value;
      });
    expect(withoutLocalChanges(local)).toBe(withoutLocalChanges(production));
  });
});
