/**
 * The preflight's check of the e-mail proof's origin trial: with the functions' EMAIL_PROOF on,
 * the web config must carry Chrome's origin-trial token of the Email Verification Protocol for the
 * site's own origin, unexpired; 14 days before its expiry the check says so. A token is
 * `base64(version ‖ signature ‖ length ‖ payload)`: one version byte (2 or 3), a 64-byte Ed25519
 * signature, the payload's length as a 4-byte big-endian number, and the payload, JSON with
 * `origin`, `feature` and `expiry` (seconds), and optionally `isSubdomain` and `isThirdParty`
 * (Chromium's origin-trial token format). The signature is Chrome's, by a key of Google's that
 * Chrome alone holds the public half of: offline it cannot be verified, so this check reads the
 * payload only, and a token whose payload was edited passes here and fails in the browser.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { asList, readFirebaseJson, shown, type DeployContext } from './context.js';
import { deployEnv } from './function-env.js';

/** The trial's feature name, as a token for it names it. */
export const EMAIL_PROOF_TRIAL_FEATURE = 'EmailVerificationProtocol';

/** How long before a token's expiry the check starts to say so. */
export const EXPIRY_NOTICE_DAYS = 14;

const DAY_MS = 24 * 60 * 60 * 1000;
const SIGNATURE_BYTES = 64;
const HEADER_BYTES = 1 + SIGNATURE_BYTES + 4;
const REGISTER =
  'register the site for the trial (developer.chrome.com/origintrials) and set its token as originTrialToken';

export interface TrialToken {
  version: number;
  origin: string;
  feature: string;
  expiry: Date;
  isSubdomain: boolean;
  isThirdParty: boolean;
}

/** The token's payload, or what keeps it from being a token. */
export function decodeTrialToken(text: string): TrialToken | string {
  const bytes = Buffer.from(text.trim(), 'base64');
  if (bytes.length <= HEADER_BYTES || bytes.toString('base64').replace(/=+$/, '') !== text.trim().replace(/=+$/, ''))
    return 'it is not a token (base64 of a version, a signature, a length and a payload)';
  const version = bytes.readUInt8(0);
  if (version !== 2 && version !== 3) return `it is a version ${version} token; Chrome reads versions 2 and 3`;
  const length = bytes.readUInt32BE(1 + SIGNATURE_BYTES);
  if (HEADER_BYTES + length !== bytes.length) return "its payload's length does not match the token's";
  let payload: Record<string, unknown>;
  try {
    payload = JSON.parse(bytes.subarray(HEADER_BYTES).toString('utf8')) as Record<string, unknown>;
  } catch {
    return 'its payload is not JSON';
  }
  const { origin, feature, expiry } = payload;
  if (typeof origin !== 'string' || typeof feature !== 'string' || typeof expiry !== 'number')
    return 'its payload lacks an origin, a feature or an expiry';
  return {
    version,
    origin,
    feature,
    expiry: new Date(expiry * 1000),
    isSubdomain: payload.isSubdomain === true,
    isThirdParty: payload.isThirdParty === true,
  };
}

const originOf = (value: string) => {
  try {
    return new URL(value).origin;
  } catch {
    return undefined;
  }
};

/** Whether a token for `tokenOrigin` works on `site` (its subdomains too when `isSubdomain`). */
function coversOrigin(token: TrialToken, site: string): boolean {
  const [ours, theirs] = [originOf(site), originOf(token.origin)];
  if (!ours || !theirs) return false;
  if (ours === theirs) return true;
  const [a, b] = [new URL(ours), new URL(theirs)];
  return token.isSubdomain && a.protocol === b.protocol && a.port === b.port && a.hostname.endsWith(`.${b.hostname}`);
}

/** The problems of a web config's token for its `productDomain` at `now`, or the note of a good one. */
export function trialTokenOutcome(
  token: unknown,
  productDomain: unknown,
  now: Date,
): { problems: string[]; note?: string } {
  if (typeof token !== 'string' || token.trim() === '')
    return { problems: [`originTrialToken is missing while EMAIL_PROOF is on: ${REGISTER}`] };
  const decoded = decodeTrialToken(token);
  if (typeof decoded === 'string') return { problems: [`originTrialToken does not decode: ${decoded}; ${REGISTER}`] };
  const problems: string[] = [];
  if (decoded.feature !== EMAIL_PROOF_TRIAL_FEATURE)
    problems.push(
      `originTrialToken is for the trial ${decoded.feature}, not ${EMAIL_PROOF_TRIAL_FEATURE}: ${REGISTER}`,
    );
  if (decoded.isThirdParty)
    problems.push(`originTrialToken is a third-party token: register the site's own origin (${String(productDomain)})`);
  else if (typeof productDomain !== 'string' || !coversOrigin(decoded, productDomain))
    problems.push(
      `originTrialToken is for ${decoded.origin}, not the site's origin ${String(productDomain)}: ` +
        'register productDomain and set its token',
    );
  const date = decoded.expiry.toISOString().slice(0, 10);
  const daysLeft = Math.floor((decoded.expiry.getTime() - now.getTime()) / DAY_MS);
  if (decoded.expiry.getTime() <= now.getTime())
    problems.push(`originTrialToken expired on ${date}: renew it in the trial's console and set the new token`);
  if (problems.length > 0) return { problems };
  const soon = daysLeft < EXPIRY_NOTICE_DAYS ? `; it expires in ${daysLeft} days: renew it in the trial's console` : '';
  return { problems: [], note: `${decoded.feature} for ${decoded.origin}, until ${date}${soon}` };
}

/** The check: EMAIL_PROOF as a functions deploy reads it, the token of each site's config.json. */
export function originTrialOutcome(
  deploy: DeployContext,
  now = new Date(),
): { problems: string[]; where?: string; note?: string } {
  const { root } = deploy;
  const on = asList(readFirebaseJson(root).functions).some(
    (codebase) => deployEnv(deploy, codebase).EMAIL_PROOF === 'true',
  );
  if (!on) return { problems: [], note: 'EMAIL_PROOF is off: every sign-up gets the mail, no trial token needed' };
  const files = asList(readFirebaseJson(root).hosting).map((site) =>
    join(root, site.public ?? 'public', 'config.json'),
  );
  const outcomes = files.map((path) => {
    const named = (text: string) => (files.length > 1 ? `${shown(root, path)}: ${text}` : text);
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
    } catch {
      // The web config's own check says what is wrong with the file.
      return { problems: existsSync(path) ? [] : [named('no web config to read originTrialToken from')] };
    }
    const outcome = trialTokenOutcome(body.originTrialToken, body.productDomain, now);
    return { problems: outcome.problems.map(named), note: outcome.note && named(outcome.note) };
  });
  const notes = outcomes.flatMap(({ note }) => (note ? [note] : []));
  return {
    problems: outcomes.flatMap(({ problems }) => problems),
    where: files.map((path) => shown(root, path)).join(', '),
    ...(notes.length > 0 ? { note: notes.join('; ') } : {}),
  };
}
