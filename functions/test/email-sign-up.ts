/**
 * What an e-mail sign-up's User record holds, and nothing more: the spec's set
 * (docs/data-written.md), which the tests hold the trigger and the callables to.
 */
export const EMAIL_SIGN_UP_FIELDS = [
  'userId',
  'appVersion',
  'email',
  'name',
  'isDeleted',
  'typeOfTask',
  'createdAt',
  'updatedAt',
] as const;
