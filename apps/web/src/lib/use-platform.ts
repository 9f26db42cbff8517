/**
 * The old name of `usePhone` (./use-phone.ts), only for apps/web/src/features/sign-up until its
 * files say `usePhone` too; then this file goes.
 * @deprecated use `usePhone` from `@/lib/use-phone`.
 */
export { usePhone as usePlatform } from './use-phone';
