// The invitation's way in, in the browser (docs/invite-funnel.md, "Ways in"): the page opened with
// `?via=qr` keeps its address, counts its view under `qr`, and the e-mail sign-up that follows in the
// same tab records `qr` once and counts its sign-up under it.
import { describe, expect, it } from 'vitest';
import { adminDb } from '@dayfocus/stack/testing';
import { en } from './support/locales';
import {
  authUserByEmail,
  confirmEmailPath,
  eventually,
  pathOf,
  reachPath,
  readDoc,
  seedInviter,
  sendSignUpForm,
  takenOver,
  uniqueEmail,
  useBrowser,
  visible,
} from './support/app';

/** Her funnel's counts under one way, summed over her shards. */
async function countsUnder(inviterId: string, way: string): Promise<Record<string, number>> {
  const shards = await adminDb.collection('_inviteFunnels').doc(inviterId).collection('shards').get();
  const sum: Record<string, number> = {};
  for (const shard of shards.docs) {
    const counts = (shard.data().byWay as Record<string, Record<string, number>> | undefined)?.[way] ?? {};
    for (const [event, n] of Object.entries(counts)) sum[event] = (sum[event] ?? 0) + n;
  }
  return sum;
}

describe("The invitation's way in", () => {
  const browser = useBrowser();

  it('counts the view and the sign-up of a page opened from her QR code under `qr`', async () => {
    const inviter = await seedInviter();
    const page = await browser.newPage();
    await page.goto(`/feedback/${inviter.userId}/en?via=qr`);
    await visible(page.getByRole('heading', { name: en.invitation.title }));
    await takenOver(page);
    // Not sent away by the CDN's rule for parameters no page reads.
    expect(pathOf(page)).toBe(`/feedback/${inviter.userId}/en?via=qr`);
    await eventually(
      () => countsUnder(inviter.userId, 'qr'),
      (counts) => counts.views === 1,
      { what: 'the view counted under qr' },
    );

    const email = uniqueEmail('way');
    await page.goto(`/sign-up/${inviter.userId}`);
    await sendSignUpForm(page, { name: 'Mira Nair', email, password: 'correct-horse-9' });
    await reachPath(page, confirmEmailPath);
    const { uid } = await authUserByEmail(email);
    expect(await readDoc('_signUps', uid)).toMatchObject({ invitedBy: inviter.userId, inviteWay: 'qr' });
    expect(await countsUnder(inviter.userId, 'qr')).toEqual({ views: 1, signUps: 1 });
    expect(await countsUnder(inviter.userId, 'plain')).toEqual({});
  });
});
