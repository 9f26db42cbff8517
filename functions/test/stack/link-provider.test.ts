/**
 * The optional Dynamic-Links-style provider: the real flow, store and HTTP client, run
 * in-process against the stack's Firestore and a local fake of that REST API (the running
 * stack itself uses our own links).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FirebaseAccounts } from '../../src/invites/adapters/accounts.js';
import { AppLinkStore } from '../../src/short-links/adapters/app-link-store.js';
import { DynamicLinksClient } from '../../src/short-links/adapters/dynamic-links-client.js';
import { FirestoreInviteStore } from '../../src/invites/adapters/invite-store.js';
import { FunnelStore } from '../../src/invites/adapters/funnel-store.js';
import { parseLinkSettings } from '../../src/platform/domain/link-settings.js';
import { localFunctionParams } from '@dayfocus/stack/function-params';
import { FlowError } from '../../src/platform/domain/errors.js';
import { AppLinkFlow } from '../../src/short-links/flows/app-link-flow.js';
import { InviterFlow } from '../../src/invites/flows/inviter-flow.js';
import { adminAuth, adminDb, createInviter, uniqueId } from './support.js';
import { memoryLogger } from '../memory-logger.js';
import { dynamicLinksBodyFor, fakeLinkPageRenderer } from '../short-links.js';

type Behaviour = 'ok' | 'server-error' | 'not-json' | 'no-short-link' | 'hang';

interface ReceivedRequest {
  method: string;
  url: string;
  contentType: string | undefined;
  body: unknown;
}

let server: Server;
let apiUrl: string;
let behaviour: Behaviour = 'ok';
let received: ReceivedRequest[] = [];
let issued = 0;

async function readBody(req: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of req) body += chunk;
  return body;
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const raw = await readBody(req);
    received.push({
      method: req.method ?? '',
      url: req.url ?? '',
      contentType: req.headers['content-type'],
      body: JSON.parse(raw || 'null'),
    });
    if (behaviour === 'hang') return; // never answers
    if (behaviour === 'server-error') {
      res
        .writeHead(503, { 'content-type': 'application/json' })
        .end('{"error":{"code":503,"message":"Service unavailable"}}');
      return;
    }
    if (behaviour === 'not-json') {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
      return;
    }
    issued += 1;
    const answer =
      behaviour === 'no-short-link'
        ? { previewLink: 'https://x' }
        : { shortLink: `https://dayfocus.page.link/fake${issued}`, previewLink: 'https://x?d=1' };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/shortLinks`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  behaviour = 'ok';
  received = [];
});

function flowWith(options: { apiKey?: string; apiUrl?: string } = {}) {
  const settings = parseLinkSettings(
    {
      ...localFunctionParams,
      LINK_PROVIDER: 'dynamic-links',
      DYNAMIC_LINKS_API_URL: options.apiUrl ?? apiUrl,
      DYNAMIC_LINKS_DOMAIN_URI_PREFIX: 'https://dayfocus.page.link',
      PRODUCT_DOMAIN: 'https://dayfocus.app',
      PRODUCT_IMAGE_URL: 'https://dayfocus.app/images/dayfocus-preview.png',
    },
    { deployed: false, apiKey: options.apiKey ?? 'test-api-key' },
  );
  const inviters = new InviterFlow({
    users: new FirestoreInviteStore(adminDb, new FunnelStore(adminDb), memoryLogger()),
    accounts: new FirebaseAccounts(adminAuth),
    resolvePicture: async () => null,
    logger: memoryLogger(),
  });
  return new AppLinkFlow({
    inviters,
    keptInviters: inviters,
    renderer: () => fakeLinkPageRenderer,
    links: new AppLinkStore(adminDb),
    logger: memoryLogger(),
    settings: () => settings,
    dynamicLinks: (provider) =>
      new DynamicLinksClient({ apiUrl: provider.apiUrl, apiKey: provider.apiKey, timeoutMs: 500 }),
    randomBytes: (size) => randomBytes(size),
    now: () => new Date(),
  });
}

async function ownerRecord(inviterId: string) {
  return (await adminDb.collection('_appLinkOwners').doc(inviterId).get()).data();
}

async function errorCodeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    return error instanceof FlowError ? error.code : `unexpected: ${String(error)}`;
  }
}

describe('the dynamic-links provider', () => {
  it('is sent the spec request body with the key as a query parameter, and its shortLink is handed out', async () => {
    const inviter = await createInviter();
    const { shortLink } = await flowWith().createAppLink(inviter.userId);
    expect(shortLink).toMatch(/^https:\/\/dayfocus\.page\.link\/fake\d+$/);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      method: 'POST',
      url: '/v1/shortLinks?key=test-api-key',
      contentType: 'application/json',
    });
    expect(received[0]?.body).toEqual(dynamicLinksBodyFor(`https://dayfocus.app/?userId=${inviter.userId}`));
    expect((await ownerRecord(inviter.userId))?.providerLinks).toEqual({
      'dynamic-links': {
        shortLink,
        target: `https://dayfocus.app/?userId=${inviter.userId}`,
        createdAt: expect.any(String),
      },
    });
  });

  it('is asked once per inviter: the same link comes back from the store afterwards', async () => {
    const inviter = await createInviter();
    const first = await flowWith().createAppLink(inviter.userId);
    const second = await flowWith().createAppLink(inviter.userId);
    expect(second).toEqual(first);
    expect(received).toHaveLength(1);
  });

  it.each([
    ['answers an error status', 'server-error'],
    ['answers something that is not JSON', 'not-json'],
    ['answers without a shortLink', 'no-short-link'],
    ['does not answer in time', 'hang'],
  ] as const)('makes createAppLink answer unavailable and store nothing when it %s', async (_case, failure) => {
    behaviour = failure;
    const inviter = await createInviter();
    expect(await errorCodeOf(flowWith().createAppLink(inviter.userId))).toBe('unavailable');
    expect(received).toHaveLength(1);
    expect(await ownerRecord(inviter.userId)).toBeUndefined();
    // Once the provider is back, a retry finishes the job.
    behaviour = 'ok';
    expect((await flowWith().createAppLink(inviter.userId)).shortLink).toMatch(/^https:\/\/dayfocus\.page\.link\//);
  });

  it('answers unavailable when the provider cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const inviter = await createInviter();
    expect(
      await errorCodeOf(flowWith({ apiUrl: `http://127.0.0.1:${port}/v1/shortLinks` }).createAppLink(inviter.userId)),
    ).toBe('unavailable');
    expect(await ownerRecord(inviter.userId)).toBeUndefined();
  });

  it('answers unavailable without calling out when the key secret is missing', async () => {
    const inviter = await createInviter();
    expect(await errorCodeOf(flowWith({ apiKey: '' }).createAppLink(inviter.userId))).toBe('unavailable');
    expect(received).toHaveLength(0);
  });

  it('is not called for an unknown inviter', async () => {
    expect(await errorCodeOf(flowWith().createAppLink(uniqueId('nobody')))).toBe('not-found');
    expect(received).toHaveLength(0);
  });
});
