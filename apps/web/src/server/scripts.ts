/**
 * The scripts of a page the server renders: the app's entry leaves the page, and the takeover's
 * entry (takeover/entry.ts) takes its place. Its own imports are named in the head as
 * `modulepreload`s: the browser asks for them beside it, instead of one round trip after it (2 s
 * each on a slow 3G network). Nothing more, on the method page too: its first tap posts to the
 * server's start and needs no script, and Auth's 100 KB asked for up front would share a slow
 * link with that tap (docs/arrival.md, "The provider's tap in one round trip"). Before them,
 * the one inline script, which holds a tap made before the takeover's entry has come
 * (takeover/held-taps.ts) and copies the welcome page's invite on a tap
 * (features/welcome/lib/copy-invite-tap.ts): it runs under its hash, a constant of the build that the page function
 * adds to the pages' Content-Security-Policy (`source`).
 */
import { createHash } from 'node:crypto';
import { copyInviteTapScript } from '@/features/welcome/lib/copy-invite-tap';
import { fillAddressScript, FILL_ADDRESS_CALL } from '@/features/sign-up/email/lib/reloaded-address';
import { heldTapScript } from '@/takeover/held-taps';

/** The client build's manifest, as Vite writes it. */
export type Manifest = Record<string, { file: string; name?: string; imports?: string[]; dynamicImports?: string[] }>;

const TAKEOVER = 'src/takeover/entry.ts';

/** The files of `keys` and of everything they import statically, each once, in order. */
function withImports(manifest: Manifest, keys: readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const next of manifest[key]?.imports ?? []) visit(next);
  };
  keys.forEach(visit);
  return [...seen].flatMap((key) => manifest[key]?.file ?? []);
}

export interface PageScripts {
  /** `html` (the built page) with the app's entry replaced by the inline script, the takeover and its preloads. */
  deferApp(html: string): string;
  /**
   * The CSP sources that let the inline scripts run, their SHA-256s (`'sha256-…'`): the head's, and
   * the check-mail page's one call after its lead.
   */
  source: string;
}

export function pageScripts(manifest: Manifest): PageScripts {
  const takeover = manifest[TAKEOVER];
  const entry = manifest['index.html']?.file;
  if (!takeover || !entry) throw new Error(`The client build has no index.html or ${TAKEOVER} entry in its manifest`);
  const links = withImports(manifest, takeover.imports ?? []).map(
    (file) => `<link rel="modulepreload" crossorigin href="/${file}">`,
  );
  // The welcome page's copy acts from its first paint as well (copy-invite-tap.ts).
  // And the check-mail page's address, written in before a reload paints (reloaded-address.ts).
  const inline = `${heldTapScript()}\n${copyInviteTapScript()}\n${fillAddressScript()}`;
  // The text goes into HTML unescaped: it must not be able to close its own element.
  if (/<\/script/i.test(inline)) throw new Error('The inline script contains "</script"');
  const hash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
  return {
    source: `${hash(inline)} ${hash(FILL_ADDRESS_CALL)}`,
    deferApp(html) {
      const script = `<script type="module" crossorigin src="/${entry}"></script>`;
      if (!html.includes(script)) throw new Error(`index.html does not load the app as ${script}`);
      return html
        .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
        .replace(script, () =>
          [
            `<script>${inline}</script>`,
            `<script type="module" crossorigin src="/${takeover.file}"></script>`,
            ...links,
          ].join('\n    '),
        );
    },
  };
}
