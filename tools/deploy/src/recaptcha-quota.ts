/**
 * What reCAPTCHA Enterprise will cost, said by the preflight and never failed (docs/deploying.md,
 * "reCAPTCHA Enterprise's free tier"). Since the end of 2025 it is free for 10,000 assessments a
 * month, then billed; without billing, the assessments past the free tier fail, and the App Check
 * fallback (docs/arrival.md) then carries every visitor past them. The web app spends one
 * assessment per new visitor (App Check's first token, on the sign-up page) and one per
 * replay-protected call (a limited-use token each: signUpWithEmail, activateAccount,
 * completeSocialSignUp). The funnel counts both, near enough: its views (every visitor the page
 * ran for) and its sign-ups and joins (one replay-protected call each; an app's acceptance among
 * the joins, and a social sign-up counted in both, make the figure lean high). So the month's
 * expected figure is the last 30 days' views + sign-ups + joins, over every inviter, read from the
 * project's `_inviteFunnels/{inviterId}/shards` with Google's application default credentials.
 * Where it cannot read them (no credentials on this machine, no project, no index yet) it says so
 * and what the figure is made of.
 */
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { Firestore } from '@google-cloud/firestore';
import { collections } from '@dayfocus/contracts/records';
import type { DeployContext } from './context.js';

/** reCAPTCHA Enterprise's free assessments a month. */
export const FREE_ASSESSMENTS = 10_000;

/** The days the month's figure is read from. */
export const FUNNEL_DAYS = 30;

/** The funnel's sums over the days read, every inviter together. */
export interface FunnelMonth {
  views: number;
  signUps: number;
  joins: number;
}

/** Reads the funnel's sums since `fromDay` (`YYYY-MM-DD`, UTC) from a project; throws when it cannot. */
export type FunnelReader = (projectId: string, fromDay: string) => Promise<FunnelMonth>;

/** One assessment per new visitor (a view) and one per replay-protected call (a sign-up, a join). */
export const expectedAssessments = ({ views, signUps, joins }: FunnelMonth) => views + signUps + joins;

const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/**
 * The funnel's shards since `fromDay`: a collection-group query on `shards` (firestore.indexes.json
 * gives its `day` the collection-group index), of which only those under `_inviteFunnels` count,
 * since the app's project may have `shards` of its own.
 */
export async function sumFunnelSince(firestore: Firestore, fromDay: string): Promise<FunnelMonth> {
  const snapshot = await firestore
    .collectionGroup('shards')
    .where('day', '>=', fromDay)
    .select('views', 'signUps', 'joins')
    .get();
  const sums: FunnelMonth = { views: 0, signUps: 0, joins: 0 };
  for (const doc of snapshot.docs) {
    if (doc.ref.parent.parent?.parent.id !== collections.inviteFunnels) continue;
    sums.views += count(doc.get('views'));
    sums.signUps += count(doc.get('signUps'));
    sums.joins += count(doc.get('joins'));
  }
  return sums;
}

/** Whether Google's application default credentials are on this machine, seen from their files. */
function hasDefaultCredentials(env: NodeJS.ProcessEnv): boolean {
  if (env['GOOGLE_APPLICATION_CREDENTIALS']) return true;
  const config = env['CLOUDSDK_CONFIG'] ?? join(homedir(), '.config', 'gcloud');
  return existsSync(join(config, 'application_default_credentials.json'));
}

const readProject: FunnelReader = async (projectId, fromDay) => {
  // Loaded here, where there are credentials to read with: the client takes a while to load.
  const { Firestore } = await import('@google-cloud/firestore');
  const firestore = new Firestore({ projectId });
  try {
    return await sumFunnelSince(firestore, fromDay);
  } finally {
    await firestore.terminate();
  }
};

/** The UTC day `days - 1` days before `now`: the first of the last `days` days. */
export function firstDayOf(now: Date, days = FUNNEL_DAYS): string {
  return new Date(now.getTime() - (days - 1) * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

const TIER =
  `reCAPTCHA Enterprise is free for ${FREE_ASSESSMENTS.toLocaleString('en')} assessments a month, then billed ` +
  '(pricing since the end of 2025); without billing on its project, the assessments past that fail and the App Check ' +
  "fallback carries every visitor after them (docs/deploying.md, reCAPTCHA Enterprise's free tier)";
const MADE_OF =
  `one assessment per new visitor and one per replay-protected call: the funnel's views + sign-ups + joins of the ` +
  `last ${FUNNEL_DAYS} days, every inviter together`;

export async function recaptchaQuotaOutcome(
  deploy: DeployContext,
  read: FunnelReader = readProject,
  env: NodeJS.ProcessEnv = process.env,
  now: Date = new Date(),
): Promise<{ problems: string[]; where: string; note: string }> {
  const where = '_inviteFunnels, with the application default credentials';
  const project = deploy.project.id;
  const unread = (why: string) => ({
    problems: [],
    where,
    note: `${TIER}. This month's expected figure is not known: the funnel could not be read here (${why}); it is ${MADE_OF}`,
  });
  if (!project) return unread('no project');
  if (!hasDefaultCredentials(env))
    return unread('no application default credentials: `gcloud auth application-default login`');
  const fromDay = firstDayOf(now);
  let month: FunnelMonth;
  try {
    month = await read(project, fromDay);
  } catch (error) {
    return unread(String((error as Error).message ?? error).split('\n')[0] ?? 'an error');
  }
  const expected = expectedAssessments(month);
  const figures =
    `${month.views} views, ${month.signUps} sign-ups and ${month.joins} joins since ${fromDay}: about ` +
    `${expected.toLocaleString('en')} assessments a month (${MADE_OF})`;
  const verdict =
    expected > FREE_ASSESSMENTS
      ? `, over the free tier: enable billing for reCAPTCHA Enterprise, or the fallback carries the visitors past ${FREE_ASSESSMENTS.toLocaleString('en')}`
      : ', within the free tier at this pace; a viral inviter spends it in hours (docs/joins.md)';
  return { problems: [], where, note: `${TIER}. ${figures}${verdict}` };
}
