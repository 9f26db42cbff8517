/**
 * `npm run report -- <inviterId>`: an inviter's invite funnel from the local stack, per day
 * (views, sign-ups, joins; functions/src/invites/domain/funnel.ts), as a Markdown table, or as JSON
 * with `--json`. Reads what the running stack (`npm run dev`) holds; changes nothing.
 */
import { sumFunnel, type FunnelDay } from '../src/invites/domain/funnel.js';
import { collections } from '@dayfocus/contracts/records';
import { adminDb, urls } from '@dayfocus/stack/testing';

const args = process.argv.slice(2);
const json = args.includes('--json');
const inviterId = args.find((arg) => !arg.startsWith('--'));
if (!inviterId) {
  console.error('usage: npm run report -- <inviterId> [--json]');
  process.exit(2);
}

try {
  await fetch(urls.firestore, { signal: AbortSignal.timeout(3000) });
} catch {
  console.error(`No local stack answers at ${urls.firestore}: start it with \`npm run dev\` first.`);
  process.exit(1);
}

const shards = await adminDb.collection(collections.inviteFunnels).doc(inviterId).collection('shards').get();
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

const rate = (part: number, whole: number) => (whole > 0 ? `${Math.round((part / whole) * 100)}%` : '–');
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
