// Headless Chromium for the browser tests and the benchmarks, offline: the browser @dayfocus/stack provides (the npm
// registry's Chromium build unpacked into .toolchain/, or one on the machine), driven by playwright-core.
// The browser resolves only loopback hosts, and apis.google.com to a local HTTPS server of ours that
// serves our gapi stand-in (gapi-iframes.js) as https://apis.google.com/js/api.js, so Firebase Auth's
// signInWithPopup works against the Auth emulator; every other host fails at once (no name), so that
// nothing waits on the closed network. The server's certificate is made for the run and trusted by
// this browser alone (by its key, `--ignore-certificate-errors-spki-list`). Nothing is intercepted:
// a route in Playwright sends every request of its context through this process and turns the
// browser's cache off (docs/testing.md).
import { createHash, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import { generate } from 'selfsigned';
import { browserLaunchOptions } from './browser.js';

const GAPI_SHIM_PATH = new URL('./gapi-iframes.js', import.meta.url);
const GAPI_HOST = 'apis.google.com';

/** The local stand-in of apis.google.com: where it listens and the key its certificate carries. */
interface GapiServer {
  port: number;
  /** base64 of the SHA-256 of the certificate's SubjectPublicKeyInfo, as Chromium's flag takes it. */
  spki: string;
}
let gapiServer: Promise<GapiServer> | undefined;

function startGapiServer(): Promise<GapiServer> {
  gapiServer ??= (async () => {
    const shim = readFileSync(GAPI_SHIM_PATH, 'utf8');
    const made = await generate([{ name: 'commonName', value: GAPI_HOST }], {
      keyType: 'ec',
      curve: 'P-256',
      notAfterDate: new Date(Date.now() + 7 * 24 * 3600 * 1000),
      extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: GAPI_HOST }] }],
    });
    const server = createServer({ key: made.private, cert: made.cert }, (request, response) => {
      // The SDK asks for /js/api.js?onload=<callback>; the emulator's helper frame for /js/api.js.
      if (new URL(request.url ?? '/', `https://${GAPI_HOST}`).pathname !== '/js/api.js') {
        response.writeHead(404).end();
        return;
      }
      response.writeHead(200, {
        'content-type': 'text/javascript; charset=utf-8',
        'cache-control': 'no-store',
        'access-control-allow-origin': '*',
      });
      response.end(shim);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    server.unref(); // it lives as long as the process that launched the browser, never keeping it up
    const key = new X509Certificate(made.cert).publicKey.export({ type: 'spki', format: 'der' });
    return { port: (server.address() as AddressInfo).port, spki: createHash('sha256').update(key).digest('base64') };
  })();
  return gapiServer;
}

/**
 * Chromium's flags for the offline browser: loopback hosts resolve as ever, apis.google.com to the
 * stand-in's server (its certificate trusted by its key), every other name to nothing.
 */
async function offlineBrowserArgs(): Promise<string[]> {
  const { port, spki } = await startGapiServer();
  return [
    `--host-resolver-rules=MAP ${GAPI_HOST} 127.0.0.1:${port}, MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1`,
    `--ignore-certificate-errors-spki-list=${spki}`,
  ];
}

/**
 * The browser tests' Chromium (and the benchmarks'), offline but for the stack and the gapi stand-in:
 * its contexts (Playwright's `browser.newContext`) need nothing more.
 */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch(await browserLaunchOptions(await offlineBrowserArgs()));
}
