/**
 * The name and address a person typed into the e-mail form, kept in this tab's session storage when
 * she sends it: the way back to the form ("wrong address?", the browser's back, "sign up again")
 * finds them filled in. Never the password. Per inviter, since the form is an invitation's; gone
 * once the address is confirmed (`forgetFields`), so that the next person on a shared phone finds
 * an empty form.
 */
const KEY = 'dayfocus:signUpFields';

export interface KeptFields {
  username: string;
  email: string;
}

export function keepFields(inviterId: string, fields: KeptFields): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify({ inviterId, ...fields }));
  } catch {
    // storage refused (a locked-down in-app browser): the way back finds the form empty, as before
  }
}

export function keptFields(inviterId: string | undefined): KeptFields | null {
  try {
    const kept = JSON.parse(window.sessionStorage.getItem(KEY) ?? 'null') as Partial<KeptFields> & {
      inviterId?: unknown;
    };
    if (kept?.inviterId !== inviterId || typeof kept.username !== 'string' || typeof kept.email !== 'string')
      return null;
    return { username: kept.username, email: kept.email };
  } catch {
    return null;
  }
}

export function forgetFields(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // storage refused: nothing was kept
  }
}
