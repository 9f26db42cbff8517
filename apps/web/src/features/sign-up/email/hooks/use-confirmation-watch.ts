import { useEffect } from 'react';
import type { VerificationSession } from './use-verification-session';

/** How often the page asks Auth whether the address is confirmed, while it is visible. */
const CHECK_EVERY_MS = 3_000;

/**
 * Once the session's address is confirmed anywhere (often in another browser), `onConfirmed` runs
 * within a few seconds of the page being visible: it asks when the page becomes visible again (back
 * from the mail app), and every few seconds while it is.
 */
export function useConfirmationWatch(session: VerificationSession | null | undefined, onConfirmed: () => void): void {
  useEffect(() => {
    if (!session) return;
    let done = false;
    let checking = false;
    const check = async () => {
      if (done || checking || document.visibilityState !== 'visible') return;
      checking = true;
      try {
        if (await session.api.confirmedElsewhere(session.user)) {
          done = true;
          onConfirmed();
        }
      } catch {
        // Offline for a moment: the next check tries again.
      } finally {
        checking = false;
      }
    };
    const timer = window.setInterval(() => void check(), CHECK_EVERY_MS);
    const onVisible = () => void check();
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('focus', onVisible);
    void check();
    return () => {
      done = true;
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('focus', onVisible);
    };
  }, [session, onConfirmed]);
}
