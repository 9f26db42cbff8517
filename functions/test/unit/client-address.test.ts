/**
 * The key of per-client limits, as a deployed function reads it from the chain the platform leaves
 * (docs/deploy-checks.md, "The client address"): the same visitor gets the same key whichever way her
 * request came, through Hosting's `/api/{name}` or straight to the function's own URL, and nothing
 * she writes in a header moves it.
 */
import { describe, expect, it } from 'vitest';
import { CLOUD_RUN_FORWARDING } from '../../src/platform/domain/hosting-edge.js';
import { clientAddressOf, type Forwarding } from '../../src/platform/domain/http-request.js';

const DEPLOYED = CLOUD_RUN_FORWARDING;
// local/environment.ts': the emulators append nothing and stand for no edge.
const LOCAL: Forwarding = { platformHops: 0, edges: [] };

// Addresses of the documentation ranges stand for visitors; Fastly's stand for Hosting's edge.
const visitor = '203.0.113.99';
const neighbour = '203.0.113.42';
const forged = '198.51.100.7';
const edgePop = '151.101.64.10';
const edgeEgress = '151.101.128.20';
const cloudRunProxy = '169.254.8.129';

/** The key a deployed function derives, from the headers it got and its socket's peer. */
function deployedKey(headers: Record<string, string>, socket = cloudRunProxy): string {
  return clientAddressOf((name) => headers[name], socket, DEPLOYED);
}

describe('the client address of a deployed function', () => {
  it("straight to the function's URL: the address Cloud Run's front end took the request from", () => {
    // Cloud Run's front end appends the peer it took the request from, after whatever the client sent.
    expect(deployedKey({ 'x-forwarded-for': `${forged}, ${visitor}`, 'fastly-client-ip': forged })).toBe(visitor);
    expect(deployedKey({ 'x-forwarded-for': visitor })).toBe(visitor);
    // Fastly's own addresses written by the client do not make her request one from the edge.
    expect(deployedKey({ 'x-forwarded-for': `${edgePop}, ${edgeEgress}, ${visitor}` })).toBe(visitor);
  });

  it("through Hosting: the address Hosting's edge took the request from, shielded or not", () => {
    // The edge appends the visitor; a shield appends the edge's node; Cloud Run's front end, the node it met.
    const direct = { 'x-forwarded-for': `${forged}, ${visitor}, ${edgeEgress}`, 'fastly-client-ip': forged };
    const shielded = {
      'x-forwarded-for': `${forged}, ${visitor}, ${edgePop}, ${edgeEgress}`,
      'fastly-client-ip': forged,
    };
    expect(deployedKey(direct)).toBe(visitor);
    expect(deployedKey(shielded)).toBe(visitor);
  });

  it('keeps two visitors behind the same edge apart', () => {
    const through = (client: string) => deployedKey({ 'x-forwarded-for': `${client}, ${edgePop}, ${edgeEgress}` });
    expect(through(visitor)).toBe(visitor);
    expect(through(neighbour)).toBe(neighbour);
  });

  it('reads IPv6 visitors and edges, and one key for an IPv4 address however it is written', () => {
    const v6 = '2001:db8:85a3::8a2e:370:7334';
    expect(deployedKey({ 'x-forwarded-for': `${forged}, ${v6}, 2a04:4e42::1` })).toBe(v6);
    expect(deployedKey({ 'x-forwarded-for': `${forged}, ::ffff:${visitor}, ::ffff:${edgeEgress}` })).toBe(visitor);
    expect(deployedKey({ 'x-forwarded-for': `${forged}, ${visitor}` }, `::ffff:${cloudRunProxy}`)).toBe(visitor);
  });

  it('names nobody when the platform vouches for no address: one key for all such requests', () => {
    expect(deployedKey({})).toBe('unknown');
    expect(deployedKey({ 'x-forwarded-for': edgeEgress })).toBe('unknown');
  });
});

describe('the client address in the local stack', () => {
  it("is the socket's peer, whatever the headers say", () => {
    const headers: Record<string, string> = { 'x-forwarded-for': `${forged}, ${visitor}`, 'fastly-client-ip': forged };
    expect(clientAddressOf((name) => headers[name], '127.0.0.1', LOCAL)).toBe('127.0.0.1');
    expect(clientAddressOf((name) => headers[name], '::ffff:127.0.0.1', LOCAL)).toBe('127.0.0.1');
  });
});
