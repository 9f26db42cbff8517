/**
 * The one script the server-rendered invitation page loads up front (entry-server.tsx puts it
 * in place of the app's entry). The page is complete and works without JavaScript (its
 * actions and language choice are links), so the app is not on its critical path: it is
 * fetched once the page (the inviter's picture included) has loaded, when the browser is idle,
 * and then hydrates the page in place (start.tsx): nothing moves, nothing is asked again.
 */
function takeOver(): void {
  void import('./main');
}

function whenIdle(): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(takeOver, { timeout: 1500 });
  else setTimeout(takeOver, 0);
}

if (document.readyState === 'complete') whenIdle();
else window.addEventListener('load', whenIdle, { once: true });
