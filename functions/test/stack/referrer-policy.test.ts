/**
 * The pages whose address carries a one-time code (the e-mail's `oobCode` on the welcome page and
 * on every e-mail's link, the recovery code on `/account-recovery`) send no referrer, as their
 * functions ask: through Hosting, whose header for every path would otherwise replace theirs with
 * the site's `strict-origin-when-cross-origin` (which still sends the whole address on a request
 * to the site itself).
 */
import { describe, expect, it } from 'vitest';
import { SECURITY_HEADERS } from '@dayfocus/contracts/security-headers';
import { stack } from '@dayfocus/stack/testing';
import { createInviter, emailInviteeAwaitingMail, fetchRaw, uniqueId } from './support.js';

/** Every Referrer-Policy an answer carries (Node joins repeated headers with a comma). */
const policiesOf = (headers: Record<string, unknown>) => String(headers['referrer-policy'] ?? '').split(/,\s*/);

describe('the pages whose address carries a one-time code', () => {
  it('send Referrer-Policy: no-referrer through Hosting, and only that', async () => {
    const inviter = await createInviter();
    const invitee = await emailInviteeAwaitingMail(inviter.userId);
    const code = `made-up-${uniqueId('code')}`;
    const welcome = `/welcome/${invitee.uid}/${inviter.userId}?lg=en&mode=verifyEmail&oobCode=${code}`;
    const answers = {
      'the welcome link': await fetchRaw(welcome),
      // A code that proves nothing: refused, and nothing written (welcome-confirm.test.ts).
      'its confirm form': await fetchRaw(welcome, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
      'an e-mail link': await fetchRaw(`/auth/action?mode=verifyEmail&oobCode=${code}&apiKey=k`),
      'the recovery page': await fetchRaw('/account-recovery'),
    };
    const policies = Object.fromEntries(
      Object.entries(answers).map(([page, answer]) => [page, policiesOf(answer.headers)]),
    );
    expect(policies).toEqual({
      'the welcome link': ['no-referrer'],
      'its confirm form': ['no-referrer'],
      'an e-mail link': ['no-referrer'],
      'the recovery page': ['no-referrer'],
    });
  });

  it("the welcome page's function itself asks for no referrer", async () => {
    const inviter = await createInviter();
    const path = `/welcome/${uniqueId('invitee')}/${inviter.userId}?mode=verifyEmail&oobCode=abc`;
    const answer = await fetchRaw(`/${stack.projectId}/${stack.region}/invitationPage${path}`, {
      port: stack.ports.functions,
    });
    expect(answer.status).toBe(200);
    expect(policiesOf(answer.headers)).toEqual(['no-referrer']);
  });

  it("leaves the site's policy on the other pages", async () => {
    const inviter = await createInviter();
    for (const path of [`/feedback/${inviter.userId}/en`, '/', '/config.json']) {
      const answer = await fetchRaw(path);
      expect({ path, policies: policiesOf(answer.headers) }).toEqual({
        path,
        policies: [SECURITY_HEADERS['Referrer-Policy']],
      });
    }
  });
});
