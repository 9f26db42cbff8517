// Our verification e-mail (sendVerificationEmail, docs/joins.md B): in the page's language,
// naming the inviter the sign-up recorded and never the name typed, its link the sign-up's own
// proof; within the address's limits, with one answer whatever the address's state.
import { describe, expect, it } from 'vitest';
import { mailLogKey } from '../../src/invites/domain/mail-limits.js';
import {
  adminAuth,
  adminDb,
  Browser,
  callAnonymously,
  createInviter,
  friendsBetween,
  outboxIds,
  outcomeOf,
  uniqueId,
  verificationMail,
} from './support.js';

const MINUTE = 60_000;

/** An e-mail sign-up registered with `inviterId`, its browser still signed in. */
async function registered(inviterId: string, name = 'Mira Nair', email?: string) {
  const browser = new Browser();
  const user = await browser.signUpWithEmail(email);
  await browser.call('registerInvitee', { inviterId, name });
  return { browser, user, email: user.email ?? '' };
}

/** The address's log as a day of sends to its plain address left it (`agoMs`: how long before now each went). */
async function seedLog(email: string, agoMs: number[]) {
  const now = Date.now();
  const sentAt = agoMs.map((ago) => new Date(now - ago).toISOString()).sort();
  await adminDb.collection('_mailLogs').doc(mailLogKey(email)).set({ sentAt, plainSentAt: sentAt });
}

/** The address's log as if `ms` more had passed since each of its mails (every list of times moved back). */
async function ageLog(email: string, ms: number) {
  const ref = adminDb.collection('_mailLogs').doc(mailLogKey(email));
  const data = (await ref.get()).data() ?? {};
  const earlier = (stamp: string) => new Date(Date.parse(stamp) - ms).toISOString();
  await ref.set(
    Object.fromEntries(
      Object.entries(data).map(([field, value]) => [
        field,
        Array.isArray(value) ? value.map((stamp) => earlier(String(stamp))) : value,
      ]),
    ),
  );
}

describe('sendVerificationEmail', () => {
  it("writes the mail in the page's language, naming the inviter, and its link activates and befriends", async () => {
    const inviter = await createInviter({ name: 'Asha Verma' });
    const { browser, user, email } = await registered(inviter.userId, 'Visit evil.example now');
    expect(await browser.call('sendVerificationEmail', { language: 'hi' })).toEqual({ retryAfterMs: MINUTE });
    await browser.close();

    const mail = await verificationMail(email);
    expect(mail.to).toBe(email);
    expect(mail.subject).toBe('Asha Verma ने आपको Dayfocus पर आमंत्रित किया है');
    expect(mail.text).toContain('पुष्टि के बाद आपका खाता सक्रिय हो जाएगा और आप और Asha Verma दोस्त बन जाएँगे');
    expect(mail.html).toContain('<html lang="hi" dir="ltr">');
    // Never the name the sign-up typed (anyone can type anything for someone else's address).
    expect(`${mail.subject}${mail.text}${mail.html}`).not.toMatch(/evil|Visit/);
    const link = new URL(mail.link);
    expect(link.pathname).toBe(`/welcome/${user.uid}/${inviter.userId}`);
    expect(Object.fromEntries(link.searchParams)).toMatchObject({ lg: 'hi', mode: 'verifyEmail' });

    // The link opened in another browser: the welcome page hands its code to activation.
    const answer = await callAnonymously('activateAccount', {
      uid: user.uid,
      inviterId: inviter.userId,
      verificationCode: mail.oobCode,
    });
    expect(answer).toMatchObject({ status: 200, inviter: { inviterId: inviter.userId } });
    expect(await friendsBetween(inviter.userId, user.uid)).toHaveLength(1);
    expect((await adminDb.collection('_signUps').doc(user.uid).get()).data()).toMatchObject({
      signUpProvedAt: expect.any(String),
    });
  });

  it('sends one a minute per address: a second call at once sends nothing and says how long to wait', async () => {
    const inviter = await createInviter();
    const { browser, email } = await registered(inviter.userId);
    await browser.call('sendVerificationEmail', { language: 'en' });
    const first = await verificationMail(email);
    expect(first.subject).toBe(`${inviter.name} invited you to Dayfocus`);
    const again = await browser.call<{ retryAfterMs: number }>('sendVerificationEmail', { language: 'en' });
    expect(again.retryAfterMs).toBeGreaterThan(MINUTE - 10_000);
    expect(again.retryAfterMs).toBeLessThanOrEqual(MINUTE);
    expect(await outboxIds(email)).toEqual([first.id]);

    // A minute later (the log as a minute ago left it), the next one goes.
    await seedLog(email, [MINUTE + 1_000]);
    expect(await browser.call('sendVerificationEmail', { language: 'en' })).toEqual({ retryAfterMs: MINUTE });
    await verificationMail(email, { after: [first.id] });
    await browser.close();
  });

  it('counts every spelling of one Gmail inbox as one address: +tags and dots get no fresh minute', async () => {
    const inviter = await createInviter();
    const local = uniqueId('v').replace('-', '');
    for (const [first, second] of [
      [`${local}+2@gmail.com`, `${local}+1@gmail.com`],
      [`${local}x1@gmail.com`, `${local.toUpperCase()}.X.1@gmail.com`],
    ] as const) {
      const earlier = await registered(inviter.userId, 'Mira Nair', first);
      await earlier.browser.call('sendVerificationEmail', { language: 'en' });
      await verificationMail(earlier.email);
      await earlier.browser.close();

      const later = await registered(inviter.userId, 'Mira Nair', second);
      const again = await later.browser.call<{ retryAfterMs: number }>('sendVerificationEmail', { language: 'en' });
      expect(again.retryAfterMs).toBeGreaterThan(MINUTE - 10_000);
      expect(again.retryAfterMs).toBeLessThan(MINUTE);
      expect(later.email.toLowerCase()).toBe(second.toLowerCase());
      expect(await outboxIds(later.email)).toEqual([]);
      await later.browser.close();
    }
  });

  it('names no inviter whose name reads like a message: "A friend" instead', async () => {
    const inviter = await createInviter({ name: 'Refund held, call 0800 123' });
    const { browser, email } = await registered(inviter.userId);
    await browser.call('sendVerificationEmail', { language: 'en' });
    const mail = await verificationMail(email);
    expect(mail.subject).toBe('A friend invited you to Dayfocus');
    expect(`${mail.text}${mail.html}`).not.toMatch(/Refund|0800/);
    await browser.close();
  });

  it('reads a name as it is drawn: lookalike digits and dots say "A friend", Indic names still go', async () => {
    const subjects: Record<string, string> = {};
    for (const name of ['Call OƼƼO lƷƼ', 'paypal‧com', 'వెంకటేశ్వర రావు', 'प्रियंका चोपड़ा']) {
      const inviter = await createInviter({ name });
      const { browser, email } = await registered(inviter.userId);
      await browser.call('sendVerificationEmail', { language: 'en' });
      subjects[name] = (await verificationMail(email)).subject;
      await browser.close();
    }
    expect(subjects).toEqual({
      'Call OƼƼO lƷƼ': 'A friend invited you to Dayfocus',
      'paypal‧com': 'A friend invited you to Dayfocus',
      'వెంకటేశ్వర రావు': 'వెంకటేశ్వర రావు invited you to Dayfocus',
      'प्रियंका चोपड़ा': 'प्रियंका चोपड़ा invited you to Dayfocus',
    });
  });

  it('sends five a day per address: the sixth waits until the first leaves the day', async () => {
    const inviter = await createInviter();
    const { browser, email } = await registered(inviter.userId);
    const hour = 60 * MINUTE;
    await seedLog(email, [20 * hour, 10 * hour, 5 * hour, 2 * hour, hour]);
    const { retryAfterMs } = await browser.call<{ retryAfterMs: number }>('sendVerificationEmail', { language: 'en' });
    expect(retryAfterMs).toBeGreaterThan(4 * hour - MINUTE);
    expect(retryAfterMs).toBeLessThanOrEqual(4 * hour);
    expect(await outboxIds(email)).toEqual([]);
    await browser.close();
  });

  it("keeps two of the day's five for the plain address: a stranger's other spellings spend three", async () => {
    const inviter = await createInviter();
    const local = uniqueId('v').replace('-', '');
    const hers = `${local}@gmail.com`;
    const hour = 60 * MINUTE;
    // A stranger signs up with five other spellings of her inbox, one after another, each asking
    // for its mail (the log aged two minutes after each: the minute's gap is not what is tested).
    const stranger: { mailed: boolean; waitHours: number }[] = [];
    const spellings = [1, 2, 3, 4].map((tag) => `${local}+${tag}@gmail.com`);
    for (const spelling of [...spellings, `${local.slice(0, 2)}.${local.slice(2)}@gmail.com`]) {
      const other = await registered(inviter.userId, 'Mira Nair', spelling);
      const { retryAfterMs } = await other.browser.call<{ retryAfterMs: number }>('sendVerificationEmail', {
        language: 'en',
      });
      stranger.push({
        mailed: (await outboxIds(other.email)).length === 1,
        waitHours: Math.round(retryAfterMs / hour),
      });
      await other.browser.close();
      await ageLog(hers, 2 * MINUTE);
    }
    // Then she signs up with her own address: her mail goes, and so does one more she asks for.
    const her = await registered(inviter.userId, 'Mira Nair', hers);
    const herFirst = await her.browser.call<{ retryAfterMs: number }>('sendVerificationEmail', { language: 'en' });
    expect({ stranger, herFirst }).toEqual({
      stranger: [
        { mailed: true, waitHours: 0 },
        { mailed: true, waitHours: 0 },
        { mailed: true, waitHours: 0 },
        // The fourth and fifth wait for the first of the three to leave the day.
        { mailed: false, waitHours: 24 },
        { mailed: false, waitHours: 24 },
      ],
      herFirst: { retryAfterMs: MINUTE },
    });
    const first = await verificationMail(hers);
    await ageLog(hers, 2 * MINUTE);
    expect(await her.browser.call('sendVerificationEmail', { language: 'en' })).toEqual({ retryAfterMs: MINUTE });
    await verificationMail(hers, { after: [first.id] });
    expect(await outboxIds(hers)).toHaveLength(2);

    // Five in the day: no sixth, not even to her, until the stranger's first leaves the day.
    await ageLog(hers, 2 * MINUTE);
    const sixth = await her.browser.call<{ retryAfterMs: number }>('sendVerificationEmail', { language: 'en' });
    expect(sixth.retryAfterMs).toBeGreaterThan(24 * hour - 15 * MINUTE);
    expect(sixth.retryAfterMs).toBeLessThanOrEqual(24 * hour - 14 * MINUTE);
    expect(await outboxIds(hers)).toHaveLength(2);
    await her.browser.close();
  });

  it('reads a log stored before the reserve as mails to other spellings: her own address gets its two', async () => {
    const inviter = await createInviter();
    const local = uniqueId('v').replace('-', '');
    const hers = `${local}@example.com`;
    // Five mails in the last hour, in the log's old shape: times alone, nothing says to which spelling.
    const now = Date.now();
    const sentAt = [50, 40, 30, 20, 10].map((minutes) => new Date(now - minutes * MINUTE).toISOString());
    await adminDb.collection('_mailLogs').doc(mailLogKey(hers)).set({ sentAt });

    const other = await registered(inviter.userId, 'Mira Nair', `${local}+x@example.com`);
    const otherAnswer = await other.browser.call<{ retryAfterMs: number }>('sendVerificationEmail', { language: 'en' });
    await other.browser.close();
    const her = await registered(inviter.userId, 'Mira Nair', hers);
    const herAnswer = await her.browser.call<{ retryAfterMs: number }>('sendVerificationEmail', { language: 'en' });
    expect({ other: otherAnswer.retryAfterMs > 23 * 60 * MINUTE, herAnswer }).toEqual({
      other: true,
      herAnswer: { retryAfterMs: MINUTE },
    });
    await verificationMail(hers);
    expect(await outboxIds(other.email)).toEqual([]);
    // The old times are kept, and hers is marked as the plain address's.
    const log = (await adminDb.collection('_mailLogs').doc(mailLogKey(hers)).get()).data();
    expect(log).toEqual({ sentAt: [...sentAt, expect.any(String)], plainSentAt: [log?.sentAt.at(-1)] });
    await her.browser.close();
  });

  it('answers a confirmed address as a sent one, and sends it nothing', async () => {
    const inviter = await createInviter();
    const { browser, user, email } = await registered(inviter.userId);
    await adminAuth.updateUser(user.uid, { emailVerified: true });
    expect(await browser.call('sendVerificationEmail', { language: 'en' })).toEqual({ retryAfterMs: MINUTE });
    expect(await outboxIds(email)).toEqual([]);
    await browser.close();
  });

  it('refuses an account that registered no sign-up, a social account, and a caller without one', async () => {
    const unregistered = new Browser();
    await unregistered.signUpWithEmail();
    expect(await outcomeOf(unregistered.call('sendVerificationEmail', { language: 'en' }))).toBe('failed-precondition');
    await unregistered.close();

    const social = new Browser();
    await social.signInWith('google.com');
    expect(await outcomeOf(social.call('sendVerificationEmail', { language: 'en' }))).toBe('failed-precondition');
    await social.close();

    expect(await outcomeOf(callAnonymously('sendVerificationEmail', { language: 'en' }))).toBe('unauthenticated');
  });

  it('writes in English for a language the site does not switch on', async () => {
    const inviter = await createInviter();
    const { browser, email } = await registered(inviter.userId);
    await browser.call('sendVerificationEmail', { language: 'fr' });
    const mail = await verificationMail(email);
    expect(mail.subject).toBe(`${inviter.name} invited you to Dayfocus`);
    expect(new URL(mail.link).searchParams.get('lg')).toBe('en');
    await browser.close();
  });
});
