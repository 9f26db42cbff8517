import { copyFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Hosting rewrites only the app's own routes to index.html (firebase.json); every other
 * path gets 404.html with a 404 status. That file is the app itself, so the visitor sees
 * the app's not-found page while crawlers and tools see a real 404.
 */
function notFoundPage(): Plugin {
  return {
    name: 'dayfocus-not-found-page',
    apply: 'build',
    writeBundle(options) {
      const dir = options.dir ?? 'dist';
      copyFileSync(join(dir, 'index.html'), join(dir, '404.html'));
    },
  };
}

export default defineConfig({
  plugins: [react(), notFoundPage()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: { outDir: 'dist', emptyOutDir: true, manifest: true, target: 'es2022' },
});
