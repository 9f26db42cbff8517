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
  /** The product's colours, for every surface: the mails, the server's pages, the invite card. */
  colours: { brand: '#c8124a', brandDark: '#9e0e3a', brandTint: '#fde4ec' },
} as const;

/**
 * Region the functions are deployed to (users are mostly in India) and the region the web
 * client calls. Kept here, in the layer the web app may import, so both read one value.
 */
export const FUNCTIONS_REGION = 'asia-south1';
