/**
 * The security headers of the app's pages, for the page the invitation function serves itself
 * (Hosting serves the others with the same values from firebase.json; a test holds the two
 * together). docs/architecture.md ("Security headers") says why each is what it is.
 */

/**
 * Every answer: no MIME sniffing, no framing by other sites, the origin only as referrer, no
 * powerful features. Framing is refused to other origins, not to this one: with the site as
 * Auth's domain (docs/deploying.md), Auth's helper frame `/__/auth/iframe` is this origin's page
 * inside this origin's page. The pages themselves refuse every frame (`frame-ancestors 'none'`).
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'SAMEORIGIN',
  'Permissions-Policy':
    'accelerometer=(), autoplay=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), hid=(), magnetometer=(), microphone=(), midi=(), payment=(), publickey-credentials-get=(), screen-wake-lock=(), serial=(), usb=(), xr-spatial-tracking=()',
};

/** The pages' Content-Security-Policy: scripts of this origin, Google's sign-in helpers and reCAPTCHA only. */
export const PAGE_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' https://apis.google.com https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/",
  "style-src 'self'",
  "img-src 'self' data: https:",
  "font-src 'self'",
  "connect-src 'self' https://identitytoolkit.googleapis.com https://securetoken.googleapis.com https://firebaseappcheck.googleapis.com https://content-firebaseappcheck.googleapis.com https://www.google.com/recaptcha/",
  "frame-src 'self' https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  // The method page's provider buttons post to the server's start, which redirects to the
  // provider's page: form-action governs that redirect too (provider-return.ts).
  "form-action 'self' https://accounts.google.com https://appleid.apple.com",
  "frame-ancestors 'none'",
  'upgrade-insecure-requests',
].join('; ');

/**
 * The policy of the local stack: `origins` (the Auth emulator) added to `connect-src` and
 * `frame-src`, and no upgrade of insecure requests (the stack is plain http on 127.0.0.1).
 */
export function localPolicy(policy: string, origins: string[]): string {
  return policy
    .split(';')
    .map((directive) => directive.trim())
    .filter((directive) => directive !== '' && directive !== 'upgrade-insecure-requests')
    .map((directive) => {
      const name = directive.split(/\s+/)[0];
      return name === 'connect-src' || name === 'frame-src' ? [directive, ...origins].join(' ') : directive;
    })
    .join('; ');
}

/** `name` must be a directive of `policy`. */
function withSource(policy: string, name: string, source: string): string {
  const directives = policy.split(';').map((directive) => directive.trim());
  if (!directives.some((directive) => directive.split(/\s+/)[0] === name))
    throw new Error(`The policy has no ${name} to add an inline element to`);
  return directives
    .map((directive) => (directive.split(/\s+/)[0] === name ? `${directive} ${source}` : directive))
    .join('; ');
}

/**
 * `policy` with `source` added to its `style-src`: a page that carries its stylesheet inline (a
 * `<style>`, for a first paint without a second round trip) lets that one element apply by its
 * nonce or hash, and still refuses every other inline style.
 */
export function withStyleSource(policy: string, source: string): string {
  return withSource(policy, 'style-src', source);
}

/**
 * `policy` with `source` added to its `script-src`: a page that carries one script inline (the
 * one that holds a tap made before the page's scripts have come) lets that one run by its hash,
 * and still refuses every other inline script.
 */
export function withScriptSource(policy: string, source: string): string {
  return withSource(policy, 'script-src', source);
}
