/**
 * `npm run report -- <inviterId>`: an inviter's invite funnel from the local stack, per day
 * (views, sign-ups, joins; functions/src/invites/domain/funnel.ts), as a Markdown table, or as JSON
 * with `--json`. `npm run report -- --attestation`: the App Check fallback's figures, per day and
 * arrival context (challenges, tokens, challenges never redeemed; functions/src/attestation/), so
 * the app team sees where reCAPTCHA refuses visitors. Reads what the running stack (`npm run dev`)
 * holds; changes nothing.
 */
import { collections } from '@dayfocus/contracts/records';
import { adminDb, urls } from '@dayfocus/stack/testing';
import { sumFunnel, type FunnelDay } from '../src/invites/domain/funnel.js';
import { sumAttestationCounts } from '../src/attestation/domain/attestation.js';

const args = process.argv.slice(2);
const json = args.includes('--json');
const attestation = args.includes('--attestation');
const inviterId = args.find((arg) => !arg.startsWith('--'));
if (!inviterId && !attestation) {
  console.error('usage: npm run report -- <inviterId> [--json]   or   npm run report -- --attestation [--json]');
  process.exit(2);
}

try {
  await fetch(urls.firestore, { signal: AbortSignal.timeout(3000) });
} catch {
  console.error(`No local stack answers at ${urls.firestore}: start it with \`npm run dev\` first.`);
  process.exit(1);
}

const rate = (part: number, whole: number) => (whole > 0 ? `${Math.round((part / whole) * 100)}%` : '–');

if (attestation) {
  const shards = await adminDb.collection(collections.attestationCounts).get();
  const days = sumAttestationCounts(shards.docs.map((doc) => doc.data()));
  if (json) {
    console.log(JSON.stringify({ days }, null, 2));
    process.exit(0);
  }
  console.log(
    "\nThe App Check fallback, per UTC day and arrival context (a challenge: a page's first attestation failed)\n",
  );
  console.log('| day | context | challenges | tokens | never redeemed | redeemed |');
  console.log('|---|---|---|---|---|---|');
  for (const day of days) {
    console.log(
      `| ${day.day} | ${day.context} | ${day.challenges} | ${day.tokens} | ${day.unredeemed} | ${rate(day.tokens, day.challenges)} |`,
    );
  }
  if (days.length === 0) console.log('\n(No fallback yet: every first attestation passed.)');
  process.exit(0);
}

const shards = await adminDb
  .collection(collections.inviteFunnels)
  .doc(inviterId ?? '')
  .collection('shards')
  .get();
const days: FunnelDay[] = sumFunnel(shards.docs.map((doc) => doc.data()));
const total = days.reduce(
  (sum, day) => ({
    day: 'total',
    views: sum.views + day.views,
    signUps: sum.signUps + day.signUps,
    joins: sum.joins + day.joins,
  }),
  { day: 'total', views: 0, signUps: 0, joins: 0 },
);

if (json) {
  console.log(JSON.stringify({ inviterId, days, total }, null, 2));
  process.exit(0);
}

console.log(`\nInvite funnel of ${inviterId} (UTC days; views are browsers that ran the page)\n`);
console.log('| day | views | sign-ups | joins | sign-ups / views | joins / sign-ups |');
console.log('|---|---|---|---|---|---|');
for (const day of [...days, total]) {
  console.log(
    `| ${day.day} | ${day.views} | ${day.signUps} | ${day.joins} | ${rate(day.signUps, day.views)} | ${rate(day.joins, day.signUps)} |`,
  );
}
if (days.length === 0) console.log('\n(Nothing counted yet for this inviter.)');
process.exit(0);
