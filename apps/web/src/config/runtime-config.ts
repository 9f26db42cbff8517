/**
 * Runtime configuration, loaded from `/config.json` at startup so that one build serves every
 * project. It holds public values only (the Firebase web config is not a secret).
 */
import { createContext, useContext } from 'react';
import { configProblems, type RuntimeConfig } from '@dayfocus/contracts/runtime-config';

export { type RuntimeConfig } from '@dayfocus/contracts/runtime-config';

export class ConfigLoadError extends Error {
  override readonly name = 'ConfigLoadError';
}

/** Fetches and checks `/config.json`; any problem becomes a ConfigLoadError saying what is wrong. */
export async function loadRuntimeConfig(url = '/config.json', fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  let response: Response;
  try {
    // Hosting serves it with `Cache-Control: no-cache`; a plain fetch also reuses index.html's preload.
    response = await fetchImpl(url);
  } catch (error) {
    throw new ConfigLoadError(`${url} could not be fetched: ${String(error)}`);
  }
  if (!response.ok) throw new ConfigLoadError(`${url} answered ${response.status}`);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new ConfigLoadError(`${url} is not JSON`);
  }
  const problems = configProblems(body);
  if (problems.length > 0) throw new ConfigLoadError(`${url} is not a valid configuration: ${problems.join('; ')}`);
  return body as RuntimeConfig;
}

export const RuntimeConfigContext = createContext<RuntimeConfig | null>(null);

export function useRuntimeConfig(): RuntimeConfig {
  const config = useContext(RuntimeConfigContext);
  if (!config) throw new Error('useRuntimeConfig is used outside RuntimeConfigContext');
  return config;
}
