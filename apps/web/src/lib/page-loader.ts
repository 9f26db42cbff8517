import type { ComponentType } from 'react';

/** A page's module, loaded once asked for (the router's lazy page, or a page fetching the next ahead). */
export interface PageLoader {
  (): Promise<{ default: ComponentType }>;
  /** The page's component once its module has come, whoever asked for it. */
  loaded?: ComponentType;
}

/**
 * `load`, keeping what it loaded: the router draws a page whose module came ahead (fetched while
 * she typed) at once, with no "Loading…" between the pages (router.tsx).
 */
export function pageLoader(load: () => Promise<{ default: ComponentType }>): PageLoader {
  const loader: PageLoader = () =>
    load().then((module) => {
      loader.loaded = module.default;
      return module;
    });
  return loader;
}
