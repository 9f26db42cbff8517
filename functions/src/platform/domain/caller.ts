/** A signed-in caller, described by what its ID token proves. */
export interface Caller {
  uid: string;
  email: string | undefined;
  signInProvider: string | undefined;
  name: string | undefined;
  /** Whether the token says the address is verified (`email_verified`): a provider's sign-in proves it only then. */
  emailVerified?: boolean;
  /** When the person signed in (the ID token's `auth_time`, seconds): sessions revoked since then no longer count. */
  authTime: number | undefined;
  /** A session a sign-in handoff made (the ID token's `handoff` claim): docs/signed-in-on-arrival.md, section 6. */
  handoff?: true;
}
