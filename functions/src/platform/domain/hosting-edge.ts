/**
 * Where a deployed function's requests come from, as far as the client address needs it
 * (docs/deploy-checks.md, "The client address", has the evidence). Every request reaches a 2nd-gen
 * function through Cloud Run's front end, which appends the address it took the request from to
 * X-Forwarded-For; the socket's peer is Cloud Run's own proxy. Hosting's rewrites reach the same
 * front end from Hosting's CDN, Fastly, whose edge first appends the visitor's address (and a shield,
 * its edge's): a request whose front-end address is Fastly's came through an edge, and the visitor
 * is the address before the edge's own.
 */
import type { Forwarding } from './http-request.js';

/**
 * Fastly's published ranges (its public IP list, which it calls exhaustive and announces changes
 * to), as read on 2026-11-30. `npm run deploy:smoke` fails when Hosting's requests come from
 * elsewhere: every visitor behind that edge would then share one key.
 */
export const HOSTING_EDGE_RANGES: readonly string[] = [
  '23.235.32.0/20',
  '43.249.72.0/22',
  '103.244.50.0/24',
  '103.245.222.0/23',
  '103.245.224.0/24',
  '104.156.80.0/20',
  '140.248.64.0/18',
  '140.248.128.0/17',
  '146.75.0.0/17',
  '151.101.0.0/16',
  '157.52.64.0/18',
  '167.82.0.0/17',
  '167.82.128.0/20',
  '167.82.160.0/20',
  '167.82.224.0/20',
  '172.111.64.0/18',
  '185.31.16.0/22',
  '199.27.72.0/21',
  '199.232.0.0/16',
  '2a04:4e40::/32',
  '2a04:4e42::/32',
];

/** A deployed function's chain: Cloud Run's proxy at the socket, and Hosting's edge before its front end. */
export const CLOUD_RUN_FORWARDING: Forwarding = { platformHops: 1, edges: HOSTING_EDGE_RANGES };
