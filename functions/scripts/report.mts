/**
 * `npm run report -- <inviterId>`: an inviter's invite funnel from the local stack, per day and
 * in total (views, sign-ups, confirmed addresses, joins; functions/src/invites/domain/funnel.ts),
 * and the total by way in (link, qr, plain, card), as the inviter's own view sums them
 * (invitation-numbers.ts), as Markdown tables, or as JSON with `--json` (every day by way too). `npm run report -- --attestation`: the App Check fallback's figures, per day and
 * arrival context (challenges, tokens, challenges never redeemed; functions/src/attestation/), so
 * the app team sees where reCAPTCHA refuses visitors. Reads what the running stack (`npm run dev`)
 * holds; changes nothing.
 */
import { collections } from '@dayfocus/contracts/records';
import { adminDb, urls } from '@dayfocus/stack/testing';
import { INVITE_WAYS } from '@dayfocus/contracts/invite-ways';
import type { InvitationCounts } from '@dayfocus/contracts/inviter-view-functions';
import { invitationFigures } from '../src/invites/domain/invitation-numbers.js';
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
const data = shards.docs.map((doc) => doc.data());
// Every day something was counted, oldest first.
const counted = [...new Set(data.map((shard) => shard['day']).filter((day) => typeof day === 'string'))].sort();
const { days, total } = invitationFigures(data, counted);

if (json) {
  console.log(JSON.stringify({ inviterId, days, total }, null, 2));
  process.exit(0);
}

const row = (label: string, c: InvitationCounts, rates: boolean) =>
  `| ${label} | ${c.views} | ${c.signUps} | ${c.confirmed} | ${c.joins} |` +
  (rates ? ` ${rate(c.signUps, c.views)} | ${rate(c.confirmed, c.signUps)} | ${rate(c.joins, c.signUps)} |` : '');

console.log(`\nInvite funnel of ${inviterId} (UTC days; views are browsers that ran the page)\n`);
console.log(
  '| day | views | sign-ups | confirmed | joins | sign-ups / views | confirmed / sign-ups | joins / sign-ups |',
);
console.log('|---|---|---|---|---|---|---|---|');
for (const day of days) console.log(row(day.day, day.all, true));
console.log(row('total', total.all, true));
if (days.length === 0) {
  console.log('\n(Nothing counted yet for this inviter.)');
  process.exit(0);
}
// A way is known for events since ways were recorded: the ways may add up to less than the total.
console.log('\nThe total by way in (docs/invite-funnel.md)\n');
console.log('| way | views | sign-ups | confirmed | joins |');
console.log('|---|---|---|---|---|');
for (const way of INVITE_WAYS) console.log(row(way, total.byWay[way], false));
process.exit(0);
