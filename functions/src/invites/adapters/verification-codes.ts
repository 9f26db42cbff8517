/**
 * The e-mail verification codes of sign-ups, checked and applied by the server through Auth's
 * REST API (what the browser SDK's checkActionCode and applyActionCode call), so that the
 * server knows which proof verified an address (recordedInviterCounts). These calls take the web
 * app's API key, which is public: it is in every page of the site.
 */
import { stringParam } from '../../platform/adapters/params.js';
import type { AppliedCode, CheckedCode, CodeRefusal, VerificationCodes } from '../flows/ports.js';

/**
 * No default: a project sets its own key, and the local stack one the Auth emulator takes
 * (tools/stack/src/function-params.ts).
 */
export const webApiKey = stringParam('WEB_API_KEY');

const refusals: Record<string, CodeRefusal> = {
  INVALID_OOB_CODE: 'used-or-invalid',
  EXPIRED_OOB_CODE: 'expired',
  USER_DISABLED: 'disabled',
};

/** A code Auth refused, by its error message ("INVALID_OOB_CODE : …"), or undefined for any other failure. */
export function codeRefusal(message: string | undefined): CodeRefusal | undefined {
  return refusals[(message ?? '').split(/[\s:]/)[0] ?? ''];
}

export interface AuthRestOptions {
  apiKey: () => string;
  /** FIREBASE_AUTH_EMULATOR_HOST */
  emulatorHost: string | undefined;
  timeoutMs?: number;
}

export type CodeAnswer = { ok: true; data: Record<string, unknown> } | { ok: false; refusal: CodeRefusal };

/** As the browser SDK calls `accounts:{method}`; a failure other than a refusal of the code throws. */
export async function postCode(options: AuthRestOptions, method: string, body: object): Promise<CodeAnswer> {
  const base = options.emulatorHost
    ? `http://${options.emulatorHost}/identitytoolkit.googleapis.com`
    : 'https://identitytoolkit.googleapis.com';
  const apiKey = options.apiKey();
  if (apiKey === '') throw new Error("WEB_API_KEY is not set: Auth's codes cannot be checked (docs/configuration.md)");
  const response = await fetch(`${base}/v1/accounts:${method}?key=${encodeURIComponent(apiKey)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
  });
  const data = (await response.json().catch(() => ({}))) as Record<string, unknown> & {
    error?: { message?: string };
  };
  if (response.ok) return { ok: true, data };
  const refusal = codeRefusal(data.error?.message);
  if (refusal) return { ok: false, refusal };
  throw new Error(`Auth accounts:${method} answered ${response.status}: ${data.error?.message ?? 'no message'}`);
}

/** `accounts:resetPassword` without a new password checks a code without using it up. */
export async function checkCode(options: AuthRestOptions, code: string): Promise<CheckedCode> {
  const answer = await postCode(options, 'resetPassword', { oobCode: code });
  if (!answer.ok) return { kind: answer.refusal };
  const { requestType, email } = answer.data;
  return {
    kind: 'code',
    requestType: String(requestType ?? ''),
    email: typeof email === 'string' ? email : undefined,
  };
}

export class AuthRestVerificationCodes implements VerificationCodes {
  constructor(private readonly options: AuthRestOptions) {}

  check(code: string): Promise<CheckedCode> {
    return checkCode(this.options, code);
  }

  async apply(code: string): Promise<AppliedCode> {
    const answer = await postCode(this.options, 'update', { oobCode: code });
    if (!answer.ok) return { kind: answer.refusal };
    return { kind: 'applied', uid: String(answer.data.localId ?? '') };
  }
}
