/**
 * The platform's fetch of an address a stranger chose, which the card's picture and the e-mail
 * issuer's discovery both use: what it asks, what it refuses before asking, and where it stops.
 */
import { once } from 'node:events';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchUntrusted, type UntrustedFetchLimits } from '../../src/platform/adapters/untrusted-fetch.js';
import { isPublicAddress, LOCAL_REACH, PUBLIC_REACH, refusalOf } from '../../src/platform/domain/untrusted-urls.js';

describe('a public address', () => {
  it('is one of the internet at large', () => {
    const addresses = ['8.8.8.8', '142.250.183.36', '2607:f8b0:4004:c1b::64', '::ffff:8.8.8.8'];
    const own = [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd00:ec2::254',
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      '224.0.0.1',
      '64:ff9b::7f00:1',
      '2002:7f00:1::1',
    ];
    expect(addresses.filter((address) => !isPublicAddress(address))).toEqual([]);
    expect(own.filter(isPublicAddress)).toEqual([]);
  });

  it('is in IPv6 only of the global unicast block: no IPv4-compatible address, nothing unallocated', () => {
    // ipaddr.js calls these 'unicast': the IPv4-compatible forms of loopback and of a private
    // network, and addresses outside 2000::/3, which nobody on the internet holds.
    expect(['::7f00:1', '::a00:1', '::a9fe:a9fe', '4000::1', 'c000::1'].filter(isPublicAddress)).toEqual([]);
  });
});

describe('an address a stranger chose', () => {
  const refused = (url: string) => refusalOf(new URL(url), PUBLIC_REACH);

  it('is asked by HTTPS on its own port, by a name, without credentials', () => {
    expect(refused('https://issuer.example/.well-known/email-verification')).toBeUndefined();
    expect(refused('https://lh3.googleusercontent.com:443/a/x')).toBeUndefined();
    const refusals = {
      'http://issuer.example/jwks': /not HTTPS/,
      'ftp://issuer.example/jwks': /not HTTPS/,
      // Our function would knock at any port of any host for a stranger: SMTP, a database's.
      'https://issuer.example:8443/jwks': /own port/,
      'https://issuer.example:25/jwks': /own port/,
      'https://user:secret@issuer.example/jwks': /credentials/,
      // An address in the URL is never looked up, so the lookup's check would never see it.
      'https://169.254.169.254/computeMetadata/v1/': /names an address/,
      'https://[::ffff:7f00:1]/a.jpg': /names an address/,
      'https://2130706433/a.jpg': /names an address/,
      'https://8.8.8.8/a.jpg': /names an address/,
    };
    for (const [url, refusal] of Object.entries(refusals)) expect(refused(url), url).toMatch(refusal);
  });

  it('may be plain http on any port of loopback on the local stack', () => {
    expect(refusalOf(new URL('http://127.0.0.1:5000/a.jpg'), LOCAL_REACH)).toBeUndefined();
    expect(refusalOf(new URL('http://user:secret@127.0.0.1:5000/a.jpg'), LOCAL_REACH)).toMatch(/credentials/);
  });
});

describe('the fetch', () => {
  let origin: string;
  let port: number;
  const asked: string[] = [];
  const open = new Set<ServerResponse>();
  const routes: Record<string, (res: ServerResponse) => void> = {
    '/doc': (res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'),
    '/to-doc': (res) => res.writeHead(302, { location: '/doc' }).end(),
    '/to-other-host': (res) => res.writeHead(302, { location: `http://localhost:${port}/doc` }).end(),
    // A part of a document is no document.
    '/partial': (res) => res.writeHead(206, { 'content-range': 'bytes 0-3/11' }).end('{"ok'),
    // Says a megabyte, sends ten bytes, then holds the connection.
    '/says-large': (res) => res.writeHead(200, { 'content-length': String(1 << 20) }).write('0123456789'),
    // A byte a tenth of a second, for ever.
    '/drip': (res) => {
      res.writeHead(200);
      const timer = setInterval(() => res.write('x'), 100);
      res.on('close', () => clearInterval(timer));
    },
    '/large': (res) => res.writeHead(200).end(Buffer.alloc(4096)),
  };
  const server = createServer((req, res) => {
    asked.push(req.url ?? '');
    open.add(res);
    res.on('close', () => open.delete(res));
    (routes[req.url ?? ''] ?? ((r: ServerResponse) => r.writeHead(404).end()))(res);
  });

  beforeAll(async () => {
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    port = (server.address() as AddressInfo).port;
    origin = `http://127.0.0.1:${port}`;
  });
  afterAll(() => {
    for (const res of open) res.destroy();
    return new Promise((resolve) => server.close(resolve));
  });

  const limits: UntrustedFetchLimits = {
    accept: 'application/json',
    timeoutMs: 2_000,
    maxBytes: 1024,
    maxRedirects: 0,
    reach: LOCAL_REACH,
  };
  const fetched = async (path: string, more: Partial<UntrustedFetchLimits> = {}) =>
    (await fetchUntrusted(new URL(path, origin), { ...limits, ...more })).toString('utf8');

  it('answers the body of a 200', async () => {
    expect(await fetched('/doc')).toBe('{"ok":true}');
  });

  it("connects to no loopback address outside the local stack, though the URL's rule lets it through", async () => {
    const before = asked.length;
    const reach = { plainHttp: true, privateAddresses: false };
    await expect(fetched(`http://localhost:${port}/doc`, { reach })).rejects.toThrow(/no public address/);
    expect(asked.length).toBe(before);
  });

  it('follows no redirect unless told, and then each to an address the caller allows', async () => {
    await expect(fetched('/to-doc')).rejects.toThrow(/answered 302/);
    expect(await fetched('/to-doc', { maxRedirects: 1 })).toBe('{"ok":true}');
    const before = asked.length;
    const mayAsk = (url: URL) => (url.hostname === '127.0.0.1' ? undefined : `${url.host} is not ours`);
    await expect(fetched('/to-other-host', { maxRedirects: 1, mayAsk })).rejects.toThrow(/is not ours/);
    expect(asked.slice(before)).toEqual(['/to-other-host']);
  });

  it('takes no answer but a 200 for a document: a part of one is none', async () => {
    await expect(fetched('/partial')).rejects.toThrow(/answered 206/);
  });

  it('stops at the size, and does not wait for a body that says it is larger', async () => {
    await expect(fetched('/large')).rejects.toThrow(/more than 1024 bytes/);
    const started = Date.now();
    // The body never comes: waiting for it would end at the timeout, with another error. The bound is
    // far from both, so that a machine busy with other suites does not fail it.
    await expect(fetched('/says-large', { timeoutMs: 30_000 })).rejects.toThrow(/more than 1024/);
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('stops at the time, the body included', async () => {
    const started = Date.now();
    // The drip would take a day to reach the size: only the time can stop it.
    await expect(fetched('/drip', { timeoutMs: 500, maxBytes: 1 << 20 })).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});
