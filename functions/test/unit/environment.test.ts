/**
 * The functions' environment is installed once, by the entry point, and a module that runs
 * without one says how to load the functions: the platform's part and the composition root's alike.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Environment } from '../../src/composition/environment.js';

const anEnvironment = () => ({ forwarding: { platformHops: 0, edges: [] } }) as unknown as Environment;

describe("the functions' environment", () => {
  beforeEach(() => {
    vi.resetModules();
  });

  it('is missing until the entry point installs it, in the platform and the composition root', async () => {
    const platform = await import('../../src/platform/environment.js');
    const composition = await import('../../src/composition/environment.js');
    const missing = 'No functions environment: load the functions through src/index.ts or src/local/index.ts';
    expect(() => platform.environment()).toThrow(missing);
    expect(() => composition.environment()).toThrow(missing);

    const installed = anEnvironment();
    composition.useEnvironment(installed);
    expect(platform.environment()).toBe(installed);
    expect(composition.environment()).toBe(installed);
  });

  it('is installed once: a second install throws and keeps the first', async () => {
    const platform = await import('../../src/platform/environment.js');
    const composition = await import('../../src/composition/environment.js');
    const first = anEnvironment();
    composition.useEnvironment(first);
    expect(() => composition.useEnvironment(anEnvironment())).toThrow(
      'The functions environment is installed once, by the entry point',
    );
    expect(() => platform.useEnvironment(anEnvironment())).toThrow('installed once');
    expect(composition.environment()).toBe(first);
    expect(platform.environment()).toBe(first);
  });
});
