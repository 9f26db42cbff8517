/**
 * The one mail module (platform/domain/mail.ts, platform/adapters/outbox.ts) under every mail the
 * companion sends: one layout, one check of the link, the brand's colours, one write to the outbox.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { brand } from '@dayfocus/contracts/brand';
import { collections } from '@dayfocus/contracts/records';
import en from '@dayfocus/contracts/locales/en';
import { pseudoLocale } from '@dayfocus/contracts/pseudo-locales';
import { finishSignUpMail, verificationMail } from '../../src/invites/domain/verification-mail.js';
import { accountDeletedMail, accountLockMail } from '../../src/sign-in-handoffs/domain/recovery-mail.js';
import { putInOutbox } from '../../src/platform/adapters/outbox.js';
import { laidOutMail, type MailMessage, type MailSection } from '../../src/platform/domain/mail.js';
import { serverText, type ServerText } from '../../src/platform/domain/server-text.js';
import { startEmulatedFirestore, type EmulatedFirestore } from '../emulated-firestore.js';

const english = serverText();
const mirrored = serverText(pseudoLocale(en, 'ar-XB'));
const link = 'https://dayfocus.example/finish?lg=en#oobCode=abc';

/** Every mail the functions send, by its section of the server's strings. */
const mails: Record<MailSection, (link: string, text: ServerText) => MailMessage> = {
  verificationMail: (to, text) => verificationMail({ to: 'mira@example.com', inviterName: 'Asha', link: to, text }),
  finishSignUpMail: (to, text) => finishSignUpMail('mira@example.com', to, 'Asha', text),
  accountLockMail: (to, text) => accountLockMail('mira@example.com', to, text),
  accountDeletedMail: (to, text) => accountDeletedMail('mira@example.com', to, text),
};

describe('every mail', () => {
  it.each(Object.entries(mails))('%s refuses a link that is not plainly http(s)', (_section, mail) => {
    for (const bad of [
      'javascript:alert(1)',
      'data:text/html,<b>x</b>',
      'https://a.example/\nBcc: x',
      'ftp://a.example/',
    ])
      expect(() => mail(bad, english), bad).toThrow(/http: or https:/);
  });

  it.each(Object.entries(mails))("%s is laid out alike, in the brand's colours", (section, mail) => {
    const { to, message } = mail(link, english);
    expect(to).toBe('mira@example.com');
    expect(message.subject).toBe(english.t(`${section as MailSection}.subject`, { inviter: 'Asha' }));
    const escaped = link.replace('&', '&#38;');
    expect(message.html).toContain(`<a href="${escaped}" style="display:inline-block;`);
    expect(message.html).toContain(`background:${brand.colours.brand};`);
    expect(message.html).toContain(`style="color:${brand.colours.brandDark};word-break:break-all;">${escaped}</a>`);
    expect(message.text.split('\n')).toContain(link);
    expect(mail(link, mirrored).message.html).toContain('<html lang="ar-XB" dir="rtl">');
  });
});

describe('the layout', () => {
  it('reads the words of its section in order, the link after the lead, the code after the link', () => {
    const asked: string[] = [];
    const text: ServerText = { language: 'en', dir: 'ltr', t: (key) => (asked.push(key), `[${key}]`) };
    const code = { intro: 'Type:', code: '042917', note: 'Soon gone.' };
    const { message } = laidOutMail('mira@example.com', link, text, 'accountDeletedMail', undefined, code);
    const words = ['subject', 'heading', 'lead', 'button', 'next', 'linkHelp', 'notYou'];
    expect(asked).toEqual(words.map((word) => `accountDeletedMail.${word}`));
    expect(message.text).toBe(
      [
        '[accountDeletedMail.heading]',
        '[accountDeletedMail.lead]',
        link,
        'Type:\n\n042917',
        'Soon gone.',
        '[accountDeletedMail.next]',
        '[accountDeletedMail.notYou]\n',
      ].join('\n\n'),
    );
  });
});

describe('the outbox', () => {
  let firestore: EmulatedFirestore;
  beforeAll(async () => {
    firestore = await startEmulatedFirestore();
  });
  afterAll(async () => {
    await firestore.stop();
  });
  beforeEach(() => firestore.clear());

  it("holds the mail as the extension reads it, with the time of the transaction's commit", async () => {
    const { db } = firestore;
    const mail = accountLockMail('mira@example.com', link, english);
    await db.runTransaction(async (tx) => putInOutbox(db, tx, mail));
    const stored = (await db.collection(collections.mail).get()).docs.map((doc) => doc.data());
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject(mail);
    expect(Object.keys(stored[0] ?? {}).sort()).toEqual(['createdAt', 'message', 'to']);
    expect(typeof stored[0]?.createdAt?.toDate).toBe('function');
  });

  it('holds nothing of a transaction that fails after it', async () => {
    const { db } = firestore;
    const mail = accountDeletedMail('mira@example.com', link, english);
    const failed = db.runTransaction(async (tx) => {
      putInOutbox(db, tx, mail);
      throw new Error('Simulated failure after the mail');
    });
    await expect(failed).rejects.toThrow('Simulated failure');
    expect((await db.collection(collections.mail).get()).size).toBe(0);
  });
});
