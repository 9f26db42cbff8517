// Preloaded (`NODE_OPTIONS=--import`) into the local stack's Node processes, as heap-growth.mjs is
// (firebase-tools' Auth, Functions and Hosting emulators and its functions' workers), and imported
// by the process that runs our Firestore emulator (stack.ts).
//
// Node's HTTP server closes a kept-alive connection 5 s after its last answer, by a timer. A server
// that stands still a few seconds (a busy machine, a long collection) runs its due timers before it
// reads what came meanwhile: a request sent on such a connection within those 5 s, before the
// close, is then dropped unread, and its client hears "other side closed" or ECONNRESET, which
// Node's fetch does not retry for a POST. The stack suites met it in three busy runs (four calls): a
// callable answered `internal` that never reached a worker (docs/testing.md). The stack's servers
// now keep an idle connection longer than a client keeps one (Node's fetch at most 600 s, and 2 s
// before the time a server states), so the client always closes first.
import http from 'node:http';
import https from 'node:https';

/** How long the stack's servers keep an idle connection: past Node's fetch's own longest (600 s). */
export const KEEP_ALIVE_MS = 610_000;

for (const Server of [http.Server, https.Server]) {
  const listen = Server.prototype.listen;
  Server.prototype.listen = function listenKeepingConnections(...args) {
    if (this.keepAliveTimeout < KEEP_ALIVE_MS) this.keepAliveTimeout = KEEP_ALIVE_MS;
    return listen.apply(this, args);
  };
}
