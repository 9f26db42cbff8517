import type { User } from 'firebase/auth';
import { useEffect, useState } from 'react';

type VerificationApi = typeof import('../api/verification');

export interface VerificationSession {
  api: VerificationApi;
  user: User;
}

/**
 * After the first paint: the Auth SDK, and this tab's session of the new account `uid`.
 * Undefined while it loads; null without one (another tab, the session gone, Auth failed to start).
 */
export function useVerificationSession(uid: string): VerificationSession | null | undefined {
  const [session, setSession] = useState<VerificationSession | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    import('../api/verification')
      .then(async (api) => {
        const user = await api.signedUpAccount(uid);
        if (live) setSession(user ? { api, user } : null);
      })
      .catch((error: unknown) => {
        // eslint-disable-next-line no-console
        console.error('The confirmation page could not start Auth', error);
        if (live) setSession(null);
      });
    return () => {
      live = false;
    };
  }, [uid]);
  return session;
}
