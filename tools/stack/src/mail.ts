/**
 * The e-mails of the local stack. The companion's own (the verification e-mail) are documents of
 * the Trigger Email extension's outbox, `_mail`, which nothing sends locally: `npm run dev`
 * prints each one's link and the tests read them here. The Auth emulator sends none of its own
 * either: it records each out-of-band code (the app's password resets, and the codes our mails
 * carry) with a link to its own handler. A deployed project's Auth e-mails lead to the site's
 * `/auth/action` instead (docs/deploying.md); `companionLink` makes that link from the emulator's.
 */
import type { Firestore } from 'firebase-admin/firestore';
import { collections } from '@dayfocus/contracts/records';
import { stack, urls } from './config.js';

/** A mail of the companion's outbox, as the Trigger Email extension would send it. */
export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The verification link it carries (the welcome page, with `mode=verifyEmail&oobCode=`). */
  link: string;
  oobCode: string;
  /** The short code to type instead (the six digits on a line of their own), or '' when it carries none. */
  code: string;
  createdAt: number;
}

function outboxMail(id: string, data: Record<string, unknown>): OutboxMail {
  const message = (data.message ?? {}) as { subject?: string; text?: string; html?: string };
  const text = message.text ?? '';
  const link = /https?:\/\/\S*oobCode=\S+/.exec(text)?.[0] ?? '';
  const createdAt = (data.createdAt as { toMillis?: () => number } | undefined)?.toMillis?.() ?? 0;
  return {
    id,
    to: String(data.to ?? ''),
    subject: message.subject ?? '',
    text,
    html: message.html ?? '',
    link,
    oobCode: link ? (new URL(link).searchParams.get('oobCode') ?? '') : '',
    code: /^(\d{6})$/m.exec(text)?.[1] ?? '',
    createdAt,
  };
}

/** Every mail of the outbox to this address, oldest first. */
export async function outboxMailsTo(db: Firestore, to: string): Promise<OutboxMail[]> {
  const snapshot = await db.collection(collections.mail).where('to', '==', to).get();
  return snapshot.docs.map((doc) => outboxMail(doc.id, doc.data())).sort((a, b) => a.createdAt - b.createdAt);
}

/** Calls `onMail` for each mail put in the outbox from now on; answers a function that stops watching. */
export function watchOutbox(db: Firestore, onMail: (mail: OutboxMail) => void): () => void {
  let first = true;
  return db.collection(collections.mail).onSnapshot(
    (snapshot) => {
      if (!first)
        for (const change of snapshot.docChanges())
          if (change.type === 'added') onMail(outboxMail(change.doc.id, change.doc.data()));
      first = false;
    },
    () => undefined, // the stack stopping under a watch
  );
}

export interface RecordedEmail {
  email: string;
  requestType: string;
  oobCode: string;
  oobLink: string;
}

/** Every out-of-band code the Auth emulator recorded, oldest first. */
export async function recordedEmails(): Promise<RecordedEmail[]> {
  const url = `${urls.auth}/emulator/v1/projects/${stack.projectId}/oobCodes`;
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const { oobCodes = [] } = (await response.json()) as { oobCodes?: RecordedEmail[] };
  return oobCodes;
}

/**
 * The link as a deployed project's e-mail carries it: the same query, on the site's `/auth/action`
 * (the route table's `email-action`; the browser tests check that the page answers there).
 */
export function companionLink(oobLink: string): string {
  return `${urls.hosting}/auth/action${new URL(oobLink).search}`;
}

/**
 * Calls `onEmail` once for each e-mail the Auth emulator records from now on, checking every
 * `intervalMs`; answers a function that stops watching. A failed check is retried at the next tick.
 */
export function watchEmails(onEmail: (email: RecordedEmail) => void, intervalMs = 1000): () => void {
  const seen = new Set<string>();
  let first = true;
  const check = async () => {
    const emails = await recordedEmails().catch(() => undefined);
    if (!emails) return;
    for (const email of emails) {
      if (seen.has(email.oobCode)) continue;
      seen.add(email.oobCode);
      if (!first) onEmail(email);
    }
    first = false;
  };
  void check();
  const timer = setInterval(() => void check(), intervalMs);
  return () => clearInterval(timer);
}
