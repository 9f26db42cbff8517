/**
 * The recovery page of an account locked by a reused handoff code (`/account-recovery`, the link
 * of the mail the lock sends): a GET shows a form and changes nothing, since mail scanners fetch
 * links; the form's POST recovers the account. Plain HTML from the server, in whichever browser the
 * mail app opens: its one script, a line, copies the link's fragment (where the mail keeps the
 * recovery code, out of every request log) into the form. A link mailed before carries the code in
 * its query, and its form needs no script.
 */
import { createHash } from 'node:crypto';
import type { Request } from 'firebase-functions/v2/https';
import { isUserId } from '@dayfocus/contracts/ids';
import { HANDOFF_CODE_PATTERN } from '@dayfocus/contracts/sign-in-handoff';
import { SECURITY_HEADERS } from '@dayfocus/contracts/security-headers';
import type { HttpAnswer } from '../platform/domain/http-answer.js';
import { httpFunction } from '../platform/functions/http-function.js';
import { textIn } from '../platform/adapters/locales.js';
import { signInHandoffFlow } from '../composition/wiring/sign-in-handoffs.js';
import {
  RECOVERY_FORM_SCRIPT,
  recoveryPage,
  type RecoveryPageState,
} from '../sign-in-handoffs/domain/recovery-mail.js';
import type { RecoveryOutcome } from '../sign-in-handoffs/flows/sign-in-handoff-flow.js';

const HEADERS = {
  ...SECURITY_HEADERS,
  // The address carries the recovery code: no referrer leaves with it, and no cache keeps the page.
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
  'Content-Security-Policy':
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'; " +
    `script-src 'sha256-${createHash('sha256').update(RECOVERY_FORM_SCRIPT).digest('base64')}'`,
  'Content-Type': 'text/html; charset=utf-8',
};

function fieldsOf(req: Request): Record<string, string> {
  const source: unknown = req.method === 'POST' ? req.body : req.query;
  const fields: Record<string, string> = {};
  if (source && typeof source === 'object') {
    for (const [key, value] of Object.entries(source)) if (typeof value === 'string') fields[key] = value;
  }
  return fields;
}

function stateOf(outcome: RecoveryOutcome): RecoveryPageState {
  switch (outcome.kind) {
    case 'restored':
      return outcome.resetLink
        ? { kind: 'done-password', resetLink: outcome.resetLink, squatted: outcome.squatted }
        : { kind: 'done-social', squatted: outcome.squatted };
    case 'recovered':
      return { kind: 'done-social', squatted: false };
    case 'wait':
    case 'failed':
      return { kind: outcome.kind };
    case 'refuse':
      return { kind: 'refused' };
    case 'address-proved-elsewhere':
      return { kind: 'support' };
  }
}

/** The status of a post's answer: a refusal is not found; a recovery that stopped can be tried again. */
const statusOf = (outcome: RecoveryOutcome) =>
  outcome.kind === 'refuse' ? 404 : outcome.kind === 'failed' ? 503 : 200;

export async function answerRecovery(req: Request): Promise<HttpAnswer> {
  const fields = fieldsOf(req);
  const text = textIn(fields.lg);
  const page = (status: number, state: RecoveryPageState): HttpAnswer => ({
    status,
    headers: { ...HEADERS, 'Content-Language': text.language },
    body: recoveryPage(state, text),
  });
  if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'POST') {
    return { status: 405, headers: { allow: 'GET, HEAD, POST', 'cache-control': 'no-store' }, body: '' };
  }
  // The link's own GET: the code is in its fragment, which the page's script reads.
  if (req.method !== 'POST' && fields.account === undefined && fields.code === undefined) {
    return page(200, { kind: 'form' });
  }
  const { account = '', code = '' } = fields;
  if (!isUserId(account) || !HANDOFF_CODE_PATTERN.test(code)) return page(404, { kind: 'refused' });
  if (req.method !== 'POST') return page(200, { kind: 'form', fields: { uid: account, code } });
  const outcome = await signInHandoffFlow.recover(account, code);
  return page(statusOf(outcome), stateOf(outcome));
}

export const accountRecovery = httpFunction('accountRecovery', (_, req) => answerRecovery(req));
