import type { Phone } from '@dayfocus/contracts/phones';

/**
 * The old name of the visitor's phone, only for apps/web/src/features/sign-up until its files say
 * `Phone` (`@dayfocus/contracts/phones`) too; then this file goes.
 * @deprecated use `Phone | undefined`.
 */
export type Platform = Phone | undefined;
