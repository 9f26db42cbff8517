// The source is ESM (the package's "type"), the build CommonJS (what the functions require):
// a package.json in dist/ tells Node how to read the built files.
import { writeFileSync } from 'node:fs';

writeFileSync(new URL('../dist/package.json', import.meta.url), `${JSON.stringify({ type: 'commonjs' })}\n`);
