/**
 * Whether a web configuration (`/config.json`, also built into the server renderer) may reach a
 * real project: the app's own rules (@dayfocus/contracts/runtime-config), and none of the local stack's
 * values: no emulators, no App Check stand-in, no `demo-` project, no plain-http or local address,
 * no placeholder left from apps/web/config.example.json, and the project the deploy goes to.
 */
import { configProblems } from '@dayfocus/contracts/runtime-config';

const BUILD = 'build with `WEB_CONFIG=path/to/config.json npm run build` (template: apps/web/config.example.json)';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function isLocalHost(host: string): boolean {
  return /^(localhost|127\.\d+\.\d+\.\d+|\[::1\]|0\.0\.0\.0|\d+\.\d+\.\d+\.\d+)(:\d+)?$/i.test(host);
}

/** Why `value` is not a public https address, or undefined when it is one. */
function notPublicHttps(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined; // configProblems says what is missing
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:') return 'is not https';
  if (isLocalHost(url.host)) return 'is a local address';
  return undefined;
}

/** Every reason the configuration `body` may not be deployed to `projectId`; empty when it may. */
export function deployableConfigProblems(body: unknown, projectId: string | undefined): string[] {
  if (!isObject(body)) return [`it is not a JSON object: ${BUILD}`];
  const problems: string[] = [];
  if (body.emulators !== undefined)
    problems.push(
      `it names the local emulators ("emulators"; the local stack's apps/web/public/config.json): ${BUILD}`,
    );
  const appCheck = isObject(body.appCheck) ? body.appCheck : {};
  const standIn = appCheck.provider === 'local-stand-in';
  if (standIn)
    problems.push(
      'appCheck is the local stand-in provider: set "appCheck": {"provider": "recaptcha-enterprise", "siteKey": "…"} ' +
        "with the project's reCAPTCHA Enterprise key (docs/deploying.md, step 5)",
    );
  const firebase = isObject(body.firebase) ? body.firebase : {};
  const configProject = typeof firebase.projectId === 'string' ? firebase.projectId : undefined;
  if (configProject?.startsWith('demo-'))
    problems.push(
      `firebase.projectId is ${configProject}, a demo project: set the project's web config ` +
        '(Firebase console, Project settings, Your apps)',
    );
  else if (configProject && projectId && configProject !== projectId)
    problems.push(
      `firebase.projectId is ${configProject} but the deploy goes to ${projectId}: use ${projectId}'s web config`,
    );
  for (const key of ['productDomain', 'productImage', 'appStoreUrl', 'playStoreUrl']) {
    const why = notPublicHttps(body[key]);
    if (why)
      problems.push(`${key} ${String(body[key])} ${why}: set the public https address (such as https://dayfocus.app)`);
  }
  const legal = isObject(body.legal) ? body.legal : {};
  for (const key of ['privacyUrl', 'termsUrl']) {
    const why = legal[key] === undefined ? undefined : notPublicHttps(legal[key]);
    if (why) problems.push(`legal.${key} ${String(legal[key])} ${why}: set the public https address of the page`);
  }
  const authDomain = firebase.authDomain;
  const badAuthDomain = typeof authDomain === 'string' && (authDomain.includes('/') || isLocalHost(authDomain));
  if (badAuthDomain)
    problems.push(
      `firebase.authDomain ${authDomain} is not a public host: set the site's own host (the host of productDomain)`,
    );
  const placeholders = [
    ...Object.entries(firebase).map(([key, value]) => [`firebase.${key}`, value] as const),
    ['appCheck.siteKey', appCheck.siteKey] as const,
    ['legal.operator', isObject(body.legal) ? body.legal.operator : undefined] as const,
    ['originTrialToken', body.originTrialToken] as const,
  ].filter(([, value]) => typeof value === 'string' && /(^|\W)your-/.test(value));
  for (const [key, value] of placeholders)
    problems.push(`${key} is the example's placeholder "${String(value)}": set the project's own value`);
  const covered = (problem: string) =>
    (standIn && problem.startsWith('appCheck.provider local-stand-in')) ||
    (badAuthDomain && problem.startsWith('firebase.authDomain'));
  problems.push(...configProblems(body).filter((problem) => !covered(problem)));
  return problems;
}
