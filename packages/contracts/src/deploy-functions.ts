/**
 * The functions' manifest's rows (functions.ts joins them) of what only the deploy calls: the
 * client-address probe of its smoke check (`npm run deploy:smoke`, docs/deploy-checks.md, "The client
 * address"), which answers what a function got of its caller's address through each way in.
 */
import type { FunctionRow } from './function-row.js';

/** The probe's path through Hosting: beside the callables' `/api/{name}`, as Hosting's rewrites name them. */
export const CLIENT_ADDRESS_PROBE_PATH = '/api/clientAddressProbe';

export const deployRows = {
  clientAddressProbe: {
    trigger: 'http',
    maxInstances: 2,
    why: "the deploy's smoke check, a few calls after each deploy: what each way in leaves of a visitor's address",
    hosting: [CLIENT_ADDRESS_PROBE_PATH],
  },
} as const satisfies Record<string, FunctionRow>;
