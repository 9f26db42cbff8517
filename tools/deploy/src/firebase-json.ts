/**
 * firebase.json's Hosting rewrites and headers, made from the functions' manifest
 * (packages/contracts/src/functions.ts) and the security headers
 * (packages/contracts/src/security-headers.ts): the Content-Security-Policy is written once
 * there, and every page's copy here comes from it. The rest of firebase.json is written by
 * hand. `npm run lint` runs `--check` (fails when firebase.json differs from what this makes);
 * `--write` rewrites the two lists in place after a manifest change.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { FUNCTIONS_REGION } from '@dayfocus/contracts/brand';
import { functionRows } from '@dayfocus/contracts/functions';
import { hostingSourcesOf, pagePatterns } from '@dayfocus/contracts/page-paths';
import { ACCOUNT_RECOVERY_PATH } from '@dayfocus/contracts/sign-in-handoff';
import { PAGE_CONTENT_SECURITY_POLICY, SECURITY_HEADERS } from '@dayfocus/contracts/security-headers';

interface HeaderRule {
  source: string;
  headers: { key: string; value: string }[];
}

const NO_CACHE = 'no-cache';

/** Hosting's own files: hashed assets kept for a year, the files a new build changes in place never kept. */
const STATIC_CACHE: [string, string][] = [
  ['/assets/**', 'public, max-age=31536000, immutable'],
  ['/config.json', NO_CACHE],
  ['/firebase-messaging-sw.js', NO_CACHE],
  ['/images/**', 'public, max-age=86400'],
];

/**
 * The pages whose address carries a one-time code: the welcome page and every e-mail's link (the
 * mail's `oobCode`), and the recovery page (its recovery code). Their functions send
 * `Referrer-Policy: no-referrer`; Hosting's header for `**` replaces a function's own (the
 * emulator and production alike, the last matching rule winning), so the stricter one is said
 * again here, after it.
 */
const NO_REFERRER_SOURCES = [
  ...hostingSourcesOf(pagePatterns.welcome),
  pagePatterns['email-action'],
  pagePatterns['sign-in-return'],
  ACCOUNT_RECOVERY_PATH,
];

/** The rewrites: each HTTP function's paths, and `/api/{name}` for each callable of the web app. */
export function hostingRewrites(): { source: string; function: { functionId: string; region: string } }[] {
  return functionRows().flatMap((row) => {
    const sources = row.trigger === 'callable' && row.caller === 'web' ? [`/api/${row.name}`] : (row.hosting ?? []);
    return sources.map((source) => ({ source, function: { functionId: row.name, region: FUNCTIONS_REGION } }));
  });
}

/**
 * The headers: the security headers on everything, no referrer from the pages that carry a code;
 * the static files' caching; the pages' Content-Security-Policy on the not-found page. The pages the page function serves carry the
 * function's own policy, which lets their inline stylesheet apply by its hash: a Hosting header
 * for the same paths would replace it (seen on the Hosting emulator), and the pages would paint
 * unstyled.
 */
export function hostingHeaders(): HeaderRule[] {
  const header = (key: string, value: string) => ({ key, value });
  const csp = header('Content-Security-Policy', PAGE_CONTENT_SECURITY_POLICY);
  return [
    { source: '**', headers: Object.entries(SECURITY_HEADERS).map(([key, value]) => header(key, value)) },
    ...NO_REFERRER_SOURCES.map((source) => ({ source, headers: [header('Referrer-Policy', 'no-referrer')] })),
    ...STATIC_CACHE.map(([source, value]) => ({ source, headers: [header('Cache-Control', value)] })),
    { source: '/404.html', headers: [header('Cache-Control', NO_CACHE), csp] },
  ];
}

type FirebaseJson = { hosting: Record<string, unknown> };

/** firebase.json with its Hosting rewrites and headers as made here (the rest as it is). */
export function withHosting(config: FirebaseJson): FirebaseJson {
  return { ...config, hosting: { ...config.hosting, rewrites: hostingRewrites(), headers: hostingHeaders() } };
}

/** Whether firebase.json's text holds the rewrites and headers made here (formatting aside). */
export function hostingIsCurrent(text: string): boolean {
  const config = JSON.parse(text) as FirebaseJson;
  return JSON.stringify(withHosting(config)) === JSON.stringify(config);
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '')) {
  const file = fileURLToPath(new URL('../../../firebase.json', import.meta.url));
  const text = readFileSync(file, 'utf8');
  if (process.argv.includes('--write')) {
    const made = JSON.stringify(withHosting(JSON.parse(text) as FirebaseJson));
    writeFileSync(file, await format(made, { ...(await resolveConfig(file)), filepath: file }));
  } else if (!hostingIsCurrent(text)) {
    console.error(
      "firebase.json's Hosting rewrites or headers differ from the functions' manifest " +
        '(packages/contracts/src/functions.ts): run `pnpm exec tsx tools/deploy/src/firebase-json.ts --write`',
    );
    process.exit(1);
  }
}
