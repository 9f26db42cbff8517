/**
 * The callable functions, typed by the contracts' callable map (`@dayfocus/contracts/callables`):
 * a wrong name or payload does not compile. The Firebase SDK (lib/firebase.ts) is loaded on the
 * first call rather than with the app: the invitation page (server-rendered, see
 * docs/invitation-page.md) never calls one, so it never downloads Firebase or starts App Check.
 * A page that calls at once imports lib/firebase.ts itself, so that it loads with the page.
 */
import type { AnswerOf, CallableName, RequestOf } from '@dayfocus/contracts/callables';

/** Calls a callable function and gives its answer; errors are FunctionsError (`functions/not-found`, ...). */
export async function callFunction<N extends CallableName>(name: N, request: RequestOf<N>): Promise<AnswerOf<N>> {
  const { invokeCallable } = await import('./firebase');
  return invokeCallable<RequestOf<N>, AnswerOf<N>>(name, request);
}

/**
 * Makes ready for a call of `name` that is about to come (the person is typing what it sends):
 * Firebase loaded and, for a replay-protected callable, its limited-use App Check token asked for
 * now rather than after her tap (docs/arrival.md, "The code, where she signed up"). `ahead`: for a
 * call that may not come, whose token is asked only where that costs no challenge (lib/firebase.ts).
 */
export async function prepareCallable(name: CallableName, options: { ahead?: boolean } = {}): Promise<void> {
  const { prepareCall } = await import('./firebase');
  prepareCall(name, options);
}
