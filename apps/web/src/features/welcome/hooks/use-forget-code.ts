import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** What the e-mail's link adds to the welcome page's address (config/email-action.ts, and Firebase's own). */
const CODE_PARAMS = ['mode', 'oobCode', 'apiKey', 'continueUrl', 'lang', 'tenantId'];

/**
 * Once `used` (activation succeeded), takes the e-mail's one-time code out of the address
 * (a replace: no history entry), keeping the rest (`?lg=`). A reload of what is left activates
 * again without it, which finds the account active and welcomes the same. Before that the
 * code stays, for a retry.
 */
export function useForgetCodeOnceUsed(used: boolean): void {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!used) return;
    const params = new URLSearchParams(search);
    if (!CODE_PARAMS.some((name) => params.has(name))) return;
    for (const name of CODE_PARAMS) params.delete(name);
    const rest = params.toString();
    void navigate({ pathname, search: rest ? `?${rest}` : '', hash }, { replace: true, preventScrollReset: true });
  }, [used, pathname, search, hash, navigate]);
}
