/**
 * The mobile app on its first start, as docs/signed-in-on-arrival.md (section 6) asks it to behave, played
 * by the Firebase JS SDK under the app's own Firebase app ID (App Check's stand-in names it): it
 * reads the invite and the sign-in handoff from the Play referrer or the iPhone's copy, redeems
 * the handoff once, and signs in with the custom token against the Auth emulator.
 */
import { randomBytes } from 'node:crypto';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { CustomProvider, initializeAppCheck } from 'firebase/app-check';
import { connectAuthEmulator, getAuth, signInWithCustomToken, type Auth, type User } from 'firebase/auth';
import { connectFunctionsEmulator, getFunctions, httpsCallable } from 'firebase/functions';
import { REPLAY_PROTECTED_CALLABLES } from '@dayfocus/contracts/app-check';
import { linkRequestFromPath } from '@dayfocus/contracts/link-paths';
import type { Phone } from '@dayfocus/contracts/phones';
import { HANDOFF_PARAM } from '@dayfocus/contracts/sign-in-handoff';
import { LOCAL_ANDROID_APP_ID, LOCAL_IOS_APP_ID, mintLocalToken } from './app-check.js';
import { stack, urls } from './config.js';

/** What the app takes from the store's hand-over: the invite's code and the handoff, when there is one. */
export interface Arrival {
  invite: string | null;
  handoff: string | null;
}

/**
 * The Play Install Referrer API's `getInstallReferrer()`: the Play URL's `referrer`, decoded,
 * read as a query string (`invite={code}&signin={handoff}`).
 */
export function arrivalFromPlayUrl(playUrl: string): Arrival {
  const referrer = new URLSearchParams(new URL(playUrl).searchParams.get('referrer') ?? '');
  return { invite: referrer.get('invite'), handoff: referrer.get(HANDOFF_PARAM) };
}

/** The iPhone's copy: the short link `{origin}/l/{code}`, with `#signin={handoff}` when it carries one. */
export function arrivalFromCopy(copy: string): Arrival {
  const url = new URL(copy);
  const link = linkRequestFromPath(url.pathname);
  const code = link?.resource === 'open' ? link.code : null;
  const handoff = new URLSearchParams(url.hash.replace(/^#/, '')).get(HANDOFF_PARAM);
  return { invite: code, handoff };
}

let apps = 0;

export class SimulatedMobileApp {
  private readonly app: FirebaseApp;
  /** The app's installation: a label of its redemptions, no secret. */
  readonly installationId = randomBytes(16).toString('base64url');
  /** Each code's retry key: made before its first redemption, kept in memory, sent with each attempt. */
  private readonly retryKeys = new Map<string, string>();

  /** `{ appCheck: false }`: a script under the app's ID that did not pass App Check. */
  constructor(
    readonly platform: Phone,
    options: { appCheck?: boolean } = {},
  ) {
    const appId = platform === 'android' ? LOCAL_ANDROID_APP_ID : LOCAL_IOS_APP_ID;
    apps += 1;
    this.app = initializeApp({ apiKey: 'demo-api-key', projectId: stack.projectId, appId }, `mobile-app-${apps}`);
    if (options.appCheck !== false) {
      initializeAppCheck(this.app, {
        provider: new CustomProvider({ getToken: async () => mintLocalToken(appId) }),
        isTokenAutoRefreshEnabled: false,
      });
    }
    connectAuthEmulator(getAuth(this.app), urls.auth, { disableWarnings: true });
    connectFunctionsEmulator(getFunctions(this.app, stack.region), stack.host, stack.ports.functions);
  }

  get auth(): Auth {
    return getAuth(this.app);
  }

  /** A callable, as the app calls it: a limited-use App Check token for the calls App Check consumes. */
  async call<T = unknown>(name: string, data: unknown): Promise<T> {
    const callable = httpsCallable<unknown, T>(getFunctions(this.app, stack.region), name, {
      limitedUseAppCheckTokens: REPLAY_PROTECTED_CALLABLES.has(name),
    });
    return (await callable(data)).data;
  }

  /**
   * `redeemSignInHandoff` for this installation, with the code's own retry key: the custom token.
   * `as`: another app's installation id presented instead of its own (anyone may read one).
   */
  async redeem(code: string, as: { installationId?: string } = {}): Promise<string> {
    const retryKey = this.retryKeys.get(code) ?? randomBytes(32).toString('base64url');
    this.retryKeys.set(code, retryKey);
    const answer = await this.call<{ customToken: string }>('redeemSignInHandoff', {
      code,
      installationId: as.installationId ?? this.installationId,
      retryKey,
    });
    return answer.customToken;
  }

  /** Redeems the handoff and signs in with its custom token: the account, already signed in. */
  async signInOnArrival(handoff: string): Promise<User> {
    return (await signInWithCustomToken(this.auth, await this.redeem(handoff))).user;
  }

  async close(): Promise<void> {
    await deleteApp(this.app);
  }
}
