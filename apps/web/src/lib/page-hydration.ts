/**
 * Whether the page the server rendered is the app's yet. React takes the top bar over before the
 * page under it (each page is a Suspense boundary of its own, app-routes.tsx): a tap there in
 * between must not change what the page is about to render (its language), or the page's first
 * render no longer matches the server's HTML (React's error #418, and the page drawn again).
 */
let hydrated: Promise<void> = Promise.resolve();

/** Says a server-rendered page is being taken over; answers the call that says it has been. */
export function hydrationBegins(): () => void {
  let done: () => void = () => {};
  hydrated = new Promise((resolve) => {
    done = resolve;
  });
  return done;
}

/** Settles once the server's page is the app's: at once on a page the browser rendered itself. */
export function pageHydrated(): Promise<void> {
  return hydrated;
}
