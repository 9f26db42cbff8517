/**
 * The name and address a person types into the e-mail form, kept in this tab's session storage as
 * she types: the way back to the form ("wrong address?", the browser's Back and Forward, "sign up
 * again") finds them filled in. Never the password. Per inviter, since the form is an
 * invitation's. Once the sign-up is done (`finishFields`) they go, so that the next person on a
 * shared phone finds an empty form, and where it ended is kept instead: Back onto the form of a
 * finished sign-up goes on to its welcome page, not to a form that asks her to sign up again.
 */
const KEY = 'dayfocus:signUpFields';
const FINISHED_KEY = 'dayfocus:signUpFinished';

export interface KeptFields {
  username: string;
  email: string;
}

function read(key: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(window.sessionStorage.getItem(key) ?? 'null');
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: object | null): void {
  try {
    if (value) window.sessionStorage.setItem(key, JSON.stringify(value));
    else window.sessionStorage.removeItem(key);
  } catch {
    // storage refused (a locked-down in-app browser): the way back finds the form empty, as before
  }
}

/** A sign-up begun again (typed into) is a new one: the last one's end no longer answers Back. */
export function keepFields(inviterId: string, fields: KeptFields): void {
  write(KEY, { inviterId, ...fields });
  write(FINISHED_KEY, null);
}

export function keptFields(inviterId: string | undefined): KeptFields | null {
  const kept = read(KEY);
  if (kept?.inviterId !== inviterId || typeof kept?.username !== 'string' || typeof kept.email !== 'string')
    return null;
  return { username: kept.username, email: kept.email };
}

/** The sign-up of `inviterId`'s invitation is done: its fields go, its welcome page (a path) stays. */
export function finishFields(inviterId: string, welcome: string): void {
  write(KEY, null);
  write(FINISHED_KEY, { inviterId, welcome });
}

/** The welcome page of this tab's finished sign-up of `inviterId`'s invitation, or null. */
export function finishedAt(inviterId: string | undefined): string | null {
  const finished = read(FINISHED_KEY);
  const welcome = finished && finished.inviterId === inviterId ? finished.welcome : null;
  // A path of this site only: the app navigates to it.
  return typeof welcome === 'string' && welcome.startsWith('/') && !welcome.startsWith('//') ? welcome : null;
}
