import { SAFARI_IPHONE } from '@dayfocus/stack/user-agents';
import { describe, expect, it } from 'vitest';
import type { ActivationAnswer, InviterCard } from '@dayfocus/contracts/answers';
import type { WebPageInput } from '@dayfocus/contracts/web-page';
import { writeSucceeded } from '@dayfocus/contracts/write-result';
import { FlowError } from '../../src/platform/domain/errors.js';
import { MemoryConfirmLimits } from '../../src/pages/adapters/confirm-limits.js';
import { welcomeLinkOf, type ConfirmLimiter, type WelcomeLink } from '../../src/pages/domain/welcome-confirm.js';
import { pageRouteOf } from '../../src/pages/domain/page-route.js';
import { WelcomePageFlow } from '../../src/pages/flows/welcome-page-flow.js';
import { fakeLinkPageRenderer, localLinkSettings } from '../short-links.js';

const asha: InviterCard = { inviterId: 'asha', name: 'Asha Verma', photoUrl: null };
const answer: ActivationAnswer = { ...writeSucceeded, inviter: asha, inviteLink: 'https://dayfocus.app/l/abc' };
const LINK = '/welcome/mira/asha?lg=hi&mode=verifyEmail&oobCode=code-of-the-mail';

function flowWith(
  options: {
    activate?: (link: WelcomeLink) => Promise<ActivationAnswer>;
    limits?: ConfirmLimiter;
    /** The codes their accounts have spent already. */
    spent?: string[];
  } = {},
) {
  const rendered: WebPageInput[] = [];
  const activations: WelcomeLink[] = [];
  const platforms: (string | undefined)[] = [];
  const looked: string[] = [];
  const flow = new WelcomePageFlow({
    findInviter: async (id) => {
      looked.push(id);
      return id === 'asha' ? asha : null;
    },
    activate: async (link, page) => {
      activations.push(link);
      platforms.push(page.platform);
      return (options.activate ?? (async () => answer))(link);
    },
    confirmLimits: options.limits ?? new MemoryConfirmLimits(),
    confirmedBefore: async (link) => (options.spent ?? []).includes(link.verificationCode),
    renderer: () => ({
      emailActionTarget: () => '/welcome',
      pageQuery: () => '',
      renderWebPage: async (input) => {
        rendered.push(input);
        return { status: 200, html: '<p>welcome</p>', language: 'hi', negotiated: false };
      },
      ...fakeLinkPageRenderer,
    }),
    settings: () => localLinkSettings,
    pageHeaders: { 'Referrer-Policy': 'strict-origin-when-cross-origin' },
  });
  const answer_ = (method: string, rawUrl: string, client = '203.0.113.7') => {
    const route = pageRouteOf(new URL(rawUrl, 'http://localhost').pathname);
    if (route.kind !== 'welcome') throw new Error(`${rawUrl} is no welcome page`);
    return flow.answer(route, { method, rawUrl, client, userAgent: SAFARI_IPHONE });
  };
  return { answer: answer_, rendered, activations, platforms, looked };
}

describe('the welcome page from the e-mail link', () => {
  it("offers the confirm form, naming the link's inviter, and applies nothing on a GET (mail scanners fetch links)", async () => {
    const { answer: open, rendered, activations, looked } = flowWith();
    const page = await open('GET', LINK);
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(rendered).toEqual([expect.objectContaining({ inviter: asha, welcome: { kind: 'confirm' } })]);
    expect(looked).toEqual(['asha']);
    expect(activations).toEqual([]);
  });

  it('answers a link its account has spent already as confirmed, as its tap did, asking for no sign-in code', async () => {
    const { answer: open, rendered, activations, platforms } = flowWith({ spent: ['code-of-the-mail'] });
    const page = await open('GET', LINK);
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(activations).toEqual([{ uid: 'mira', inviterId: 'asha', verificationCode: 'code-of-the-mail' }]);
    expect(platforms).toEqual([undefined]);
    expect(rendered).toEqual([expect.objectContaining({ inviter: asha, welcome: { kind: 'confirmed', answer } })]);
    // The first tap's POST still asks for the phone's code (the door mints it once).
    await open('POST', '/welcome/mira/asha?mode=verifyEmail&oobCode=fresh-code');
    expect(platforms).toEqual([undefined, 'ios']);
  });

  it("sends no referrer from any welcome page: its address carries the e-mail's one-time code", async () => {
    const { answer: open } = flowWith();
    for (const [method, rawUrl] of [
      ['GET', LINK],
      ['POST', LINK],
      ['GET', '/welcome/mira/asha?lg=hi'],
    ] as const) {
      const page = await open(method, rawUrl);
      expect(page.headers['Referrer-Policy'], `${method} ${rawUrl}`).toBe('no-referrer');
      expect(Object.keys(page.headers).filter((name) => /^referrer-policy$/i.test(name))).toHaveLength(1);
    }
  });

  it('draws no form for a page without the link: no code, an unknown inviter, or no invitee', async () => {
    const { answer: open, rendered, activations } = flowWith();
    for (const rawUrl of ['/welcome/mira/asha?lg=hi', '/welcome/mira/nobody?mode=verifyEmail&oobCode=c', '/welcome']) {
      expect((await open('GET', rawUrl)).status).toBe(200);
    }
    expect(rendered.map((input) => input.welcome)).toEqual([undefined, undefined, undefined]);
    expect(activations).toEqual([]);
  });

  it("confirms on the form's POST, the link's code the proof, and answers the friendship with the invite", async () => {
    const { answer: open, rendered, activations } = flowWith();
    const page = await open('POST', LINK);
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(activations).toEqual([{ uid: 'mira', inviterId: 'asha', verificationCode: 'code-of-the-mail' }]);
    expect(rendered).toEqual([
      expect.objectContaining({ path: '/welcome/mira/asha', inviter: asha, welcome: { kind: 'confirmed', answer } }),
    ]);
  });

  it('says what was wrong with the link when activation refuses it, and fails loudly on anything else', async () => {
    const refusals: [FlowError, string][] = [
      [new FlowError('failed-precondition', 'no', { verificationLink: 'expired' }), 'expired'],
      [new FlowError('failed-precondition', 'no', { verificationLink: 'used-or-invalid' }), 'used-or-invalid'],
      [new FlowError('invalid-argument', 'This verification link is not for this account'), 'used-or-invalid'],
      [new FlowError('failed-precondition', 'not confirmed yet'), 'not-confirmed'],
    ];
    for (const [error, reason] of refusals) {
      const { answer: open, rendered } = flowWith({ activate: async () => Promise.reject(error) });
      const page = await open('POST', LINK);
      expect(page.status).toBe(403);
      expect(rendered.map((input) => [input.welcome, input.inviter])).toEqual([[{ kind: 'refused', reason }, null]]);
    }
    const { answer: open } = flowWith({ activate: async () => Promise.reject(new Error('Firestore is down')) });
    await expect(open('POST', LINK)).rejects.toThrow('Firestore is down');
  });

  it('confirms nothing for a POST without the link, and reads nothing', async () => {
    const { answer: open, rendered, activations, looked } = flowWith();
    for (const rawUrl of [
      '/welcome/mira/asha?lg=hi',
      '/welcome/mira/asha?mode=verifyEmail&oobCode=no%20good',
      '/welcome',
    ]) {
      expect(await open('POST', rawUrl)).toEqual({
        status: 303,
        headers: { location: rawUrl, 'cache-control': 'no-store' },
        body: '',
      });
    }
    expect([rendered, activations, looked]).toEqual([[], [], []]);
  });

  it("keeps the form's own limits, per account and per client, and activates nothing past them", async () => {
    const {
      answer: open,
      activations,
      rendered,
    } = flowWith({
      limits: new MemoryConfirmLimits({ perClient: 5, perAccount: 3 }),
    });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await open('POST', LINK, `198.51.100.${i}`)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(activations).toHaveLength(3);
    const limited = await open('POST', LINK, '198.51.100.9');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(rendered.at(-1)?.welcome).toEqual({ kind: 'limited' });

    // One client, many accounts: its limit holds, and spends none of the next account's tries.
    const other = flowWith({ limits: new MemoryConfirmLimits({ perClient: 2, perAccount: 3 }) });
    const links = ['a', 'b', 'c'].map((uid) => `/welcome/${uid}/asha?mode=verifyEmail&oobCode=x`);
    const fromOne = [];
    for (const rawUrl of links) fromOne.push((await other.answer('POST', rawUrl, '192.0.2.1')).status);
    expect(fromOne).toEqual([200, 200, 429]);
    expect((await other.answer('POST', links[2] ?? '', '192.0.2.2')).status).toBe(200);
  });

  it("counts for an account only the confirmations its own code made: a stranger's tries spend none", async () => {
    const real = 'code-of-the-mail';
    const refused = new FlowError('failed-precondition', 'no', { verificationLink: 'used-or-invalid' });
    const { answer: open, activations } = flowWith({
      activate: async (link) => (link.verificationCode === real ? answer : Promise.reject(refused)),
      limits: new MemoryConfirmLimits({ perClient: 50, perAccount: 3 }),
    });
    // Someone who knows Mira's uid, from addresses of her own, with codes that prove nothing.
    const stranger = [];
    for (let i = 0; i < 5; i++) {
      const rawUrl = `/welcome/mira/asha?mode=verifyEmail&oobCode=made-up-${i}`;
      stranger.push((await open('POST', rawUrl, `198.51.100.${i}`)).status);
    }
    expect(stranger).toEqual([403, 403, 403, 403, 403]);
    // Mira's own link still confirms, and a reload or two of it count against her account.
    const mira = [];
    for (let i = 0; i < 4; i++) mira.push((await open('POST', LINK, '203.0.113.7')).status);
    expect(mira).toEqual([200, 200, 200, 429]);
    expect(activations.filter((link) => link.verificationCode === real)).toHaveLength(3);
  });

  it("reads the link from the page's address alone", () => {
    const route = (path: string) => pageRouteOf(path) as Extract<ReturnType<typeof pageRouteOf>, { kind: 'welcome' }>;
    expect(welcomeLinkOf(route('/welcome/mira/asha'), LINK)).toEqual({
      uid: 'mira',
      inviterId: 'asha',
      verificationCode: 'code-of-the-mail',
    });
    expect(welcomeLinkOf(route('/welcome/mira/mira'), '/welcome/mira/mira?mode=verifyEmail&oobCode=c')).toBeNull();
    expect(welcomeLinkOf(route('/welcome/mira/asha'), '/welcome/mira/asha?mode=resetPassword&oobCode=c')).toBeNull();
  });
});
