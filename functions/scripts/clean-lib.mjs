// Empties lib/ before the functions' build (but lib/web/, which the web app's build writes):
// tsc never removes the output of a source file that was moved or deleted, and the deploy
// package copies lib/ whole, so a stale file would ship.
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const lib = fileURLToPath(new URL('../lib/', import.meta.url));
let entries = [];
try {
  entries = readdirSync(lib);
} catch {
  // No lib/ yet: nothing to empty.
}
for (const entry of entries) if (entry !== 'web') rmSync(join(lib, entry), { recursive: true, force: true });
