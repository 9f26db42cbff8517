/** The functions' link settings for the local stack agree with the stack and the web app's local configuration. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brand } from '@dayfocus/contracts/brand';
import { repoRoot, urls } from '@dayfocus/stack/settings';
import { describe, expect, it } from 'vitest';
import { localLinkDefaults } from '../../src/platform/domain/link-settings.js';

describe("the functions' link defaults for the local stack", () => {
  it('point at the local Hosting origin', () => {
    expect(localLinkDefaults.PRODUCT_DOMAIN).toBe(urls.hosting);
    expect(localLinkDefaults.LINK_ORIGIN).toBe(urls.hosting);
    expect(localLinkDefaults.PRODUCT_IMAGE_URL.startsWith(`${urls.hosting}/`)).toBe(true);
    expect(localLinkDefaults.DYNAMIC_LINKS_DOMAIN_URI_PREFIX.startsWith(`${urls.hosting}/`)).toBe(true);
    expect(localLinkDefaults.APP_STORE_URL).toContain(brand.appStoreId);
  });

  it("name the picture and store pages of the web app's local configuration", () => {
    const config = JSON.parse(readFileSync(join(repoRoot, 'apps/web/public/config.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    expect(config.productImage).toBe(localLinkDefaults.PRODUCT_IMAGE_URL);
    expect([config.appStoreUrl, config.playStoreUrl]).toEqual([
      localLinkDefaults.APP_STORE_URL,
      localLinkDefaults.PLAY_STORE_URL,
    ]);
  });
});
