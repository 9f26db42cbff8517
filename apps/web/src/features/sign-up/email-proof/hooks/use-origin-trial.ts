import { useContext, useEffect } from 'react';
import { RuntimeConfigContext } from '@/config/runtime-config';

/**
 * The web config's origin-trial token in the page's head while `on` (the form has its proof
 * field). The server's e-mail sign-up page carries it already (server/page-head.ts); a page the
 * app reached by its own navigation (from the invitation) gets it here, as Chrome also takes a
 * token a script adds. Left in place after: a trial, once on, stays on for the page.
 */
export function useOriginTrial(on: boolean): void {
  const token = useContext(RuntimeConfigContext)?.originTrialToken;
  useEffect(() => {
    if (!on || !token) return;
    const tags = document.head.querySelectorAll('meta[http-equiv="origin-trial" i]');
    if ([...tags].some((tag) => tag.getAttribute('content') === token)) return;
    const tag = document.createElement('meta');
    tag.httpEquiv = 'origin-trial';
    tag.content = token;
    document.head.append(tag);
  }, [on, token]);
}
