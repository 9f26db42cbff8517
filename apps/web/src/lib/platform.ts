import { visitorOf } from '@dayfocus/contracts/link-paths';

/** The visitor's phone, as the short links tell them apart; `other` for everything else. */
export type Platform = 'ios' | 'android' | 'other';

export function platformOf(userAgent: string): Platform {
  const visitor = visitorOf(userAgent);
  return visitor === 'ios' || visitor === 'android' ? visitor : 'other';
}
