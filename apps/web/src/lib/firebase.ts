/**
 * The one Firebase module of the web app: the app, App Check and the callable functions client,
 * made once from the runtime configuration when first needed. Loaded on demand (through
 * `callables.ts`, or `auth.ts` on the pages that sign in), never with the app's entry. Pages call
 * functions through `callables.ts`'s typed `callFunction`, not through this module.
 */
import { LOCAL_APP_CHECK_TOKEN_PATH, REPLAY_PROTECTED_CALLABLES } from '@dayfocus/contracts/app-check';
import { FUNCTIONS_REGION } from '@dayfocus/contracts/brand';
import {
  CustomProvider,
  getToken,
  initializeAppCheck,
  ReCaptchaEnterpriseProvider,
  type AppCheck,
} from 'firebase/app-check';
import { getApp, getApps, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectFunctionsEmulator, getFunctions, httpsCallable, type Functions } from 'firebase/functions';
import type { RuntimeConfig } from '@dayfocus/contracts/runtime-config';
import { firebaseConfig, setFirebaseConfig } from './firebase-config';

let configured: { app: FirebaseApp; functions: Functions; config: RuntimeConfig } | undefined;
let appCheck: AppCheck | undefined;
let attestation: AttestationProvider | undefined;

/**
 * A token of the local stack's stand-in, asked of the local stack's Hosting: the stand-in itself
 * lives in the local stack's code only, never in this bundle.
 */
async function localStandInToken(appId: string): Promise<{ token: string; expireTimeMillis: number }> {
  const url = new URL(LOCAL_APP_CHECK_TOKEN_PATH, window.location.origin);
  url.searchParams.set('appId', appId);
  const response = await fetch(url, { cache: 'no-store' });
  if (!response.ok) throw new Error(`The local stack's App Check stand-in answered ${response.status}`);
  return (await response.json()) as { token: string; expireTimeMillis: number };
}

type AppCheckToken = { token: string; expireTimeMillis: number };

/** A held token this close to its expiry is asked for again: the call still has to reach the server. */
const HELD_TOKEN_MARGIN_MS = 60_000;

/** What App Check asks of a provider, which its public types leave out (`@internal`). */
interface ProviderInternals {
  initialize(app: FirebaseApp): void;
  getToken(limitedUse?: boolean): Promise<AppCheckToken>;
}

/**
 * The first attestation, as a provider: reCAPTCHA Enterprise's own provider, which the SDK's
 * `initialize` and `getToken` drive (pinned by apps/web/src/lib/app-check-provider.test.ts), or
 * the local stack's stand-in.
 */
function firstAttestation(config: RuntimeConfig, appId: string): ProviderInternals {
  if (config.appCheck.provider === 'recaptcha-enterprise') {
    return new ReCaptchaEnterpriseProvider(config.appCheck.siteKey) as unknown as ProviderInternals;
  }
  return { initialize: () => undefined, getToken: () => localStandInToken(appId) };
}

/**
 * Whether the first attestation failed with the browser offline: not refused, only not reached.
 * Online, a failure to reach it (Google's servers blocked on this network) is the fallback's cue,
 * as a refusal is: the fallback asks our own origin.
 */
function unreached(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/**
 * App Check's provider: the first attestation and, once it has failed, the fallback for the rest
 * of the page's life (app-check-fallback.ts). reCAPTCHA Enterprise refuses a visitor it scores as
 * risky with a 403, after which it throws "throttled" for a day without asking: the fallback is
 * asked instead, and the person's step goes on. A limited-use token (replay-protected calls) is
 * asked of whichever attests, each time.
 */
class AttestationProvider extends CustomProvider {
  private firstFailed = false;
  /** The session token a fallback's solved challenge bought beside a limited-use one, for the next ask. */
  private spareSession: AppCheckToken | null = null;
  /** A limited-use token asked for ahead of the replay-protected call it is for (`holdLimitedUse`). */
  private held: Promise<AppCheckToken> | null = null;
  /** The limited-use token a fallback's solved challenge bought beside a session one, for the next ask. */
  private spareLimited: AppCheckToken | null = null;
  /** The fallback's challenge under way, if any. */
  private solving: Promise<unknown> | null = null;

  constructor(
    private readonly first: ProviderInternals,
    private readonly fallback: ((limitedUse: boolean) => Promise<AppCheckToken & { other?: AppCheckToken }>) | null,
  ) {
    // The SDK calls getToken below, not this: the base class is what initializeAppCheck knows.
    super({ getToken: () => this.attest(false) });
  }

  initialize(app: FirebaseApp): void {
    (CustomProvider.prototype as unknown as ProviderInternals).initialize.call(this, app);
    this.first.initialize(app);
  }

  async getToken(limitedUse = false): Promise<AppCheckToken & { issuedAtTimeMillis: number }> {
    const held = limitedUse ? await this.takeHeld() : null;
    return { ...(held ?? (await this.attest(limitedUse))), issuedAtTimeMillis: Date.now() };
  }

  /**
   * Asks for a limited-use token now, for the next replay-protected call: on a slow network the
   * attestation is a round trip (the fallback's, two and a proof of work) that would otherwise come
   * between the tap and the call. One is held at a time, and it is used once.
   */
  holdLimitedUse({ ahead = false }: { ahead?: boolean } = {}): void {
    if (this.held || (ahead && this.firstFailed)) return;
    const held = ahead ? this.firstOnly() : this.attest(true);
    held.catch(() => undefined);
    this.held = held;
  }

  /**
   * The first attestation's limited-use token alone: asked well ahead of a call that may never come,
   * a token is worth a background attestation, never the fallback's challenge (whose price counts
   * against the visitor's limits); a failure is noted for the fallback to take over at the call.
   */
  private async firstOnly(): Promise<AppCheckToken> {
    try {
      return await this.first.getToken(true);
    } catch (error) {
      if (this.fallback && !unreached()) this.firstFailed = true;
      throw error;
    }
  }

  /** The held token, unless it failed or would expire before the call reaches the server. */
  private async takeHeld(): Promise<AppCheckToken | null> {
    const held = this.held;
    this.held = null;
    const token = held ? await held.catch(() => null) : null;
    return token && token.expireTimeMillis - Date.now() > HELD_TOKEN_MARGIN_MS ? token : null;
  }

  private async attest(limitedUse: boolean): Promise<AppCheckToken> {
    if (!this.firstFailed || !this.fallback) {
      try {
        return await this.first.getToken(limitedUse);
      } catch (error) {
        // Offline, the first attestation was not refused, only not reached: the call fails as the
        // connection's failure, and the next one asks the first again (the fallback's module would
        // not load either, and a browser keeps a module that failed to load failed for the page).
        if (!this.fallback || unreached()) throw error;
        this.firstFailed = true;
      }
    }
    return this.fromFallback(this.fallback, limitedUse);
  }

  /**
   * One solved challenge buys a session token and a limited-use one (docs/arrival.md): the one not
   * asked for is kept for the next ask of its kind, which then runs no challenge. An ask while a
   * challenge is under way waits for it (the page asks for both kinds at once as the app takes the
   * form over: the proof's nonce and the sign-up's held token), so one challenge serves both.
   */
  private async fromFallback(fallback: NonNullable<typeof this.fallback>, limitedUse: boolean): Promise<AppCheckToken> {
    while (this.solving) await this.solving.catch(() => undefined);
    const fresh = (token: AppCheckToken | null) =>
      token && token.expireTimeMillis - Date.now() > HELD_TOKEN_MARGIN_MS ? token : null;
    const spare = fresh(limitedUse ? this.spareLimited : this.spareSession);
    if (limitedUse) this.spareLimited = null;
    else this.spareSession = null;
    if (spare) return spare;
    const solving = fallback(limitedUse);
    this.solving = solving;
    try {
      const { other, ...token } = await solving;
      if (other && limitedUse) this.spareSession = other;
      else if (other) this.spareLimited = other;
      return token;
    } finally {
      if (this.solving === solving) this.solving = null;
    }
  }
}

/**
 * App Check attests every callable call (docs/arrival.md, functions/src/platform/domain/app-check.ts): reCAPTCHA
 * Enterprise, scoring the visitor in the background, or the local stack's stand-in; when that
 * fails, the fallback's challenge, through the same-origin callables (config.json's callablesPath).
 */
function startAppCheck(app: FirebaseApp, config: RuntimeConfig): AppCheck {
  const appId = config.firebase.appId ?? 'web';
  const callablesUrl = config.callablesPath
    ? new URL(config.callablesPath, window.location.origin).href.replace(/\/$/, '')
    : null;
  const fallback = callablesUrl
    ? async (limitedUse: boolean) =>
        (await import('./app-check-fallback')).fallbackToken(callablesUrl, appId, limitedUse)
    : null;
  attestation = new AttestationProvider(firstAttestation(config, appId), fallback);
  return initializeAppCheck(app, { provider: attestation, isTokenAutoRefreshEnabled: true });
}

/**
 * Resolves once App Check holds a token in memory. Auth puts that token into the sign-in
 * popup's address, and fetching one at the tap would be an await between the tap and
 * `window.open` (a popup opened after it may be blocked: docs/arrival.md). Never rejects: App
 * Check answers a failure with a placeholder token, and the call it goes with is refused then.
 */
export async function appCheckTokenReady(): Promise<void> {
  firebase();
  if (appCheck) await getToken(appCheck).catch(() => undefined);
}

/**
 * Firebase made ready for a call of `name` that is about to come and, for a replay-protected one,
 * its limited-use App Check token asked for now (callables.ts' `prepareCallable`); `ahead`: of the
 * first attestation only, for a call that may not come (holdLimitedUse).
 */
export function prepareCall(name: string, options: { ahead?: boolean } = {}): void {
  firebase();
  if (REPLAY_PROTECTED_CALLABLES.has(name)) attestation?.holdLimitedUse(options);
}

export function initFirebase(config: RuntimeConfig): void {
  if (configured) return;
  setFirebaseConfig(config);
  const existing = getApps().length > 0;
  const app = existing ? getApp() : initializeApp(config.firebase);
  if (!existing) appCheck = startAppCheck(app, config);
  if (config.callablesPath) {
    // Same origin: Hosting (or the Hosting emulator) passes /api/{name} on to the function.
    configured = {
      app,
      functions: getFunctions(app, new URL(config.callablesPath, window.location.origin).href),
      config,
    };
    return;
  }
  const functions = getFunctions(app, FUNCTIONS_REGION);
  if (config.emulators)
    connectFunctionsEmulator(functions, config.emulators.functionsHost, config.emulators.functionsPort);
  configured = { app, functions, config };
}

export function firebase() {
  if (!configured) initFirebase(firebaseConfig());
  return configured as NonNullable<typeof configured>;
}

/** Calls a callable function by name (callables.ts types it); errors are FunctionsError. */
export async function invokeCallable<Request, Response>(name: string, request: Request): Promise<Response> {
  const callable = httpsCallable<Request, Response>(firebase().functions, name, {
    timeout: 30_000,
    // App Check consumes the token of these calls: each needs a fresh, limited-use one.
    limitedUseAppCheckTokens: REPLAY_PROTECTED_CALLABLES.has(name),
  });
  return (await callable(request)).data;
}
