/**
 * An Apple or Google sign-in as a way of proving the address: the provider proved it, where its
 * token says so (`email_verified`). The proof is the session's own (nothing of ours records or
 * spends it), and it asks the door to join as a sign-up with the provider does: the link's inviter
 * recorded if none counts yet, and joined. A token that does not say the address is verified proves
 * nothing: one refusal, whose way on is the e-mail sign-up.
 */
import type { InviteWay } from '@dayfocus/contracts/invite-ways';
import type { Caller } from '../../platform/domain/caller.js';
import { FlowError, SOCIAL_PROVIDERS, unverifiedProvider } from '../../platform/domain/errors.js';
import type { Presented } from '../domain/proofs.js';

export class ProviderWay {
  async present(
    input: { inviterId: string; way?: InviteWay | undefined; link?: string | undefined },
    caller: Caller | null,
  ): Promise<Presented> {
    if (!caller) throw new FlowError('unauthenticated', 'Sign in first');
    const provider = caller.signInProvider ?? '';
    if (!SOCIAL_PROVIDERS.has(provider)) {
      throw new FlowError('failed-precondition', 'completeSocialSignUp is for accounts signed in with Apple or Google');
    }
    if (input.inviterId === caller.uid) throw new FlowError('invalid-argument', 'You cannot invite yourself');
    if (!caller.email || caller.emailVerified !== true) throw unverifiedProvider();
    return {
      proof: { kind: 'provider', uid: caller.uid, address: caller.email, issuedAt: null, id: `provider-${caller.uid}` },
      refusal: unverifiedProvider,
      inviterId: input.inviterId,
      socialSignUp: { provider, name: caller.name, inviterId: input.inviterId, way: input.way, link: input.link },
    };
  }
}
