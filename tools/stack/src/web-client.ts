/**
 * One browser as the web app drives Firebase, for the tests and the soak: its own Firebase app,
 * signed-in user and callables. Like the web app, it attests itself with App Check's local
 * stand-in, and asks for a limited-use token for the calls App Check consumes; `{ appCheck: false }`
 * is a script without App Check. The mobile app is played by `SimulatedMobileApp` (mobile-app.ts).
 */
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { CustomProvider, initializeAppCheck } from 'firebase/app-check';
import {
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  getAuth,
  GoogleAuthProvider,
  OAuthProvider,
  signInWithCredential,
  signInWithEmailAndPassword,
  type User,
} from 'firebase/auth';
import { connectFunctionsEmulator, getFunctions, httpsCallable } from 'firebase/functions';
import { REPLAY_PROTECTED_CALLABLES } from '@dayfocus/contracts/app-check';
import { LOCAL_WEB_APP_ID, mintLocalToken } from './app-check.js';
import { stack, urls } from './config.js';
import { uniqueId } from './unique-id.js';

export class WebClient {
  readonly app: FirebaseApp;

  /** `name`: the Firebase app's, unique among the process's apps (default: a new one). */
  constructor(options: { appCheck?: boolean; name?: string } = {}) {
    const { projectId, region, host } = stack;
    this.app = initializeApp(
      { apiKey: 'demo-api-key', projectId, authDomain: `${projectId}.firebaseapp.com`, appId: LOCAL_WEB_APP_ID },
      options.name ?? uniqueId('browser'),
    );
    if (options.appCheck !== false) {
      initializeAppCheck(this.app, {
        provider: new CustomProvider({ getToken: async () => mintLocalToken() }),
        isTokenAutoRefreshEnabled: false,
      });
    }
    connectAuthEmulator(getAuth(this.app), urls.auth, { disableWarnings: true });
    connectFunctionsEmulator(getFunctions(this.app, region), host, stack.ports.functions);
  }

  get auth() {
    return getAuth(this.app);
  }

  async call<T = unknown>(name: string, data: unknown, options: { timeoutMs?: number } = {}): Promise<T> {
    const callable = httpsCallable<unknown, T>(getFunctions(this.app, stack.region), name, {
      timeout: options.timeoutMs ?? 70_000,
      limitedUseAppCheckTokens: REPLAY_PROTECTED_CALLABLES.has(name),
    });
    return (await callable(data)).data;
  }

  async signUpWithEmail(email = `${uniqueId('invitee')}@example.com`, password = 'correct-horse'): Promise<User> {
    return (await createUserWithEmailAndPassword(this.auth, email, password)).user;
  }

  /**
   * The e-mail form's sign-up as the web app makes it (features/sign-up/email/api/sign-up-with-email.ts):
   * `signUpWithEmail`, which makes the account, records it and sends the mail; a taken address is
   * resumed as the page resumes its own half-made sign-up (her password, `registerInvitee`, the
   * mail); then her password signs this browser in. Answers the account.
   */
  async signUpAsTheForm(sign: { inviterId: string; name: string; email: string; password?: string }): Promise<User> {
    const password = sign.password ?? 'correct-horse';
    const made = await this.call('signUpWithEmail', { ...sign, password, language: 'en', mail: true }).then(
      () => true,
      (error: unknown) => {
        if ((error as { details?: { signUp?: unknown } }).details?.signUp === 'taken') return false;
        throw error;
      },
    );
    const { user } = await signInWithEmailAndPassword(this.auth, sign.email, password);
    if (!made) {
      await this.call('registerInvitee', { inviterId: sign.inviterId, name: sign.name });
      await this.call('sendVerificationEmail', { language: 'en' });
    }
    return user;
  }

  /** Google or Apple, as the Auth emulator takes them: an unsigned JSON id token. */
  async signInWith(
    provider: 'google.com' | 'apple.com',
    claims: { sub?: string; email?: string; name?: string; emailVerified?: boolean } = {},
  ): Promise<User> {
    const sub = claims.sub ?? uniqueId('sub');
    const idToken = JSON.stringify({
      sub,
      email: claims.email ?? `${sub}@example.com`,
      email_verified: claims.emailVerified ?? true,
      name: claims.name,
    });
    const credential =
      provider === 'google.com'
        ? GoogleAuthProvider.credential(idToken)
        : new OAuthProvider('apple.com').credential({ idToken });
    return (await signInWithCredential(this.auth, credential)).user;
  }

  async close(): Promise<void> {
    await deleteApp(this.app);
  }
}
