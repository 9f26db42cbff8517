/**
 * Everything that names the product. A rename of the product is an edit of this file alone.
 */
const productName = 'Dayfocus';

export const brand = {
  productName,
  /** Custom URL scheme and short name. */
  shortName: 'dayfocus',
  /** Android package name and iOS bundle id (the same identifier). */
  appIdentifier: 'com.dayfocus.app',
  appStoreId: '6475332296',
  /** Display name for a social sign-up whose provider gave no name. */
  genericDisplayName: `${productName} User`,
  /** Notification flags whose field names carry the product name. */
  eveningReviewFlag: 'dayfocusEveningReview',
  morningSetupFlag: 'dayfocusMorningSetup',
  /** Title of link previews and short links: "{product} Daily Task Focus". */
  linkTitle: `${productName} Daily Task Focus`,
  /** Description of link previews. */
  linkDescription: `Friends help each other finish everyday tasks. Join me on ${productName}.`,
  /** Description of the web pages (the first HTML's meta description). */
  pageDescription: `Friends help each other finish everyday tasks. Join your friend on ${productName}.`,
  /**
   * The product's colours, for every surface: the web app's stylesheet (`--brand`, `--brand-dark`,
   * `--brand-tint`) and its pictures, the mails, the server's pages, the invite card. No other file
   * holds them (functions/test/unit/brand-colours.test.ts looks).
   */
  colours: { brand: '#c8124a', brandDark: '#9e0e3a', brandTint: '#fde4ec' },
} as const;

/**
 * The product's mark: on a 40-unit square, a rounded square in the brand's colour, a white ring
 * and a white tick. The invite card draws it from these numbers, and the web app's build writes it
 * as its icon, /images/logo.svg (apps/web/vite.config.ts).
 */
export const productLogo = {
  viewBox: 40,
  cornerRadius: 10,
  fill: brand.colours.brand,
  ring: { cx: 20, cy: 21, r: 9 },
  tick: 'M15.5 21.5l3.2 3.2 6-6.4',
  stroke: '#fff',
  strokeWidth: 3,
} as const;

/** The mark as an SVG file. */
export function logoSvg(): string {
  const { viewBox, cornerRadius, fill, ring, tick, stroke, strokeWidth } = productLogo;
  const line = `fill="none" stroke="${stroke}" stroke-width="${strokeWidth}"`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${viewBox} ${viewBox}">` +
    `<rect width="${viewBox}" height="${viewBox}" rx="${cornerRadius}" fill="${fill}"/>` +
    `<circle cx="${ring.cx}" cy="${ring.cy}" r="${ring.r}" ${line}/>` +
    `<path d="${tick}" ${line} stroke-linecap="round" stroke-linejoin="round"/></svg>\n`
  );
}

/**
 * Region the functions are deployed to (users are mostly in India) and the region the web
 * client calls. Kept here, in the layer the web app may import, so both read one value.
 */
export const FUNCTIONS_REGION = 'asia-south1';
