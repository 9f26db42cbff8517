/**
 * A viral inviter's limits under production's per-document write limit: the stack runs our Firestore
 * emulator with its hot-document model on, as `npm run test:hot` switches it on. Confirmed sign-ups
 * race both her doors at once, each against a limit of 100: her invitation, and a link of hers for
 * one chat (its own limit, docs/inviter-view.md, "Her links"). 300 tries per door by default
 * (`HOT_LIMIT_TRIES` for more: 10,000 per door take the local stack minutes, too long for every
 * `npm test`): exactly 100 friends through each, and every other answer closed (each limit's count
 * is sharded: invites/domain/invite-limits.ts), one door's joins never counted under the other.
 * Why 300: three tries a place, with IN_FLIGHT calls at once, has each of a limit's ten shards
 * (ten places each) written twice the hot-document model's burst and raced by some thirty tries;
 * 500 a door (the default until 2026-11-30) added only refusals, 400 callable calls of the lane's
 * processor time, with the same assertions.
 */
import { describe, expect, it } from 'vitest';
import type { CreatedInviteLink } from '@dayfocus/contracts/invite-links';
import { requireHotModel } from './hot-model.js';
import { adminDb, callAnonymously, importVerifiedInvitees, signedInApp } from '../stack/support.js';

requireHotModel();

const TRIES = Number(process.env['HOT_LIMIT_TRIES'] ?? 300);
const LIMIT = 100;
/** Calls in flight at once: a viral link's arrivals, within what one machine's stack answers. */
const IN_FLIGHT = 200;

type Outcome = 'joined' | 'closed' | string;

const activate = (uid: string): Promise<Outcome> =>
  callAnonymously<{ invitationClosed?: true }>('activateAccount', { uid }, { timeoutMs: 60_000 }).then(
    (a) => (a.invitationClosed ? 'closed' : 'joined'),
    (error: unknown) => String((error as { code?: string }).code),
  );

/** Every invitee activated, IN_FLIGHT at a time; a call the page gave up on is tried again, as the page would. */
async function activateAll(uids: readonly string[]): Promise<Map<string, Outcome>> {
  const outcomes = new Map<string, Outcome>();
  let next = 0;
  const worker = async () => {
    while (next < uids.length) {
      const uid = uids[next++];
      if (!uid) return;
      outcomes.set(uid, await activate(uid));
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  const unanswered = [...outcomes].filter(([, answer]) => answer !== 'joined' && answer !== 'closed');
  for (const [uid] of unanswered) outcomes.set(uid, await activate(uid));
  return outcomes;
}

const tallyOf = (answers: readonly Outcome[]) =>
  Object.fromEntries([...new Set(answers)].map((o) => [o, answers.filter((x) => x === o).length]));

describe("a viral inviter's limits, with production's write limit per document", () => {
  it(`${TRIES} confirmations through each door against a limit of ${LIMIT} make exactly ${LIMIT} friends each`, async () => {
    // Her app sets her invitation's limit and makes a chat link with its own (the callables' records).
    const asha = await signedInApp();
    await asha.app.call('setInvitationLimits', { maxJoins: LIMIT });
    const chat = await asha.app.call<CreatedInviteLink>('createInviteLink', { name: 'Viral chat', maxJoins: LIMIT });
    const [byInvitation, byLink] = await Promise.all([
      importVerifiedInvitees(asha.uid, TRIES),
      importVerifiedInvitees(asha.uid, TRIES, { inviteLink: chat.code }),
    ]);
    const mixed = byInvitation.flatMap((invitee, i) => [invitee.uid, byLink[i]?.uid ?? '']).filter(Boolean);
    const outcomes = await activateAll(mixed);
    const friends = (await adminDb.collection('Friends').where('userId', '==', asha.uid).get()).size;
    const through = (invitees: readonly { uid: string }[]) => tallyOf(invitees.map((i) => outcomes.get(i.uid) ?? ''));
    const { links } = await asha.app.call<{ links: { code: string; numbers: { joins: number } }[] }>(
      'myInviteLinks',
      {},
    );
    expect({
      friends,
      invitation: through(byInvitation),
      link: through(byLink),
      linkJoins: links.find((link) => link.code === chat.code)?.numbers.joins,
    }).toEqual({
      friends: 2 * LIMIT,
      invitation: { joined: LIMIT, closed: TRIES - LIMIT },
      link: { joined: LIMIT, closed: TRIES - LIMIT },
      linkJoins: LIMIT,
    });
    await asha.app.close();
  }, 1_800_000);
});
