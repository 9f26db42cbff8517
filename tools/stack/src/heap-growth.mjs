// Preloaded (`NODE_OPTIONS=--import`) into the local stack's long-lived Node processes:
// firebase-tools (its Auth, Functions and Hosting emulators) and its functions' workers; and
// imported by the process that runs our Firestore emulator (stack.ts).
//
// V8 sets the heap size at which the next full collection starts from how fast the last ones
// were. These processes hold a large heap (firebase-tools about 95 MB once started) and serve in
// bursts, and V8 left them about 10 MB of room: a full mark-compact, 40 ms of processor time, for
// nearly every page the browser tests load (traced with --trace-gc and --trace-incremental-marking:
// "Start (allocation limit): 93MB / limit 103MB"). Twice the live heap instead took the Hosting
// emulator's processor time per page load from about 0.115 s to 0.045 s (docs/local-stack.md,
// "Heap growth"), for memory the stack can spare. No behaviour changes: when and how often V8 collects garbage is not
// something a request can see.
import { setFlagsFromString } from 'node:v8';

setFlagsFromString('--heap-growing-percent=100');
