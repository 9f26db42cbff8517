/**
 * The e-mails of the local stack. The Auth emulator sends none: it records each out-of-band code
 * with a link to its own handler. A deployed project's e-mails lead to the site's
 * `/auth/action` instead (docs/deploying.md), which is where the companion applies a
 * verification code itself (docs/joins.md, B); `companionLink` makes that link from the
 * emulator's.
 */
import { stack, urls } from './config.js';

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
 * (the web app's `paths.emailAction`; the browser tests check that the page answers there).
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
