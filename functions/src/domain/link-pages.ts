/**
 * The HTML a short link answers with: the app-opening page (iOS, Android), the preview
 * for link-preview crawlers, and the not-found page. Pure; every value is escaped, and the
 * one inline script reads its URLs from the page rather than having them spliced into code.
 */
import { brand } from '@dayfocus/contracts/brand';
import { escapeHtml } from '@dayfocus/contracts/html';
import type { LinkAnswer, PageLanguage } from './app-links.js';

export interface RenderedPage {
  status: number;
  html: string;
}

const text = {
  en: {
    opening: `Opening ${brand.productName}…`,
    openingHint: 'If nothing happens, choose one of these:',
    openApp: `Open in ${brand.productName}`,
    copyInvite: 'Copy invite and get the app',
    iosTitle: `Join your friend on ${brand.productName}`,
    iosHint: 'Get the app with your invite, or open it if you already have it.',
    appStore: 'Get it on the App Store',
    playStore: 'Get it on Google Play',
    web: 'Continue on the web',
    notFoundTitle: 'This link does not work',
    notFoundBody: 'It may be mistyped or no longer valid. Ask your friend to send the invitation again.',
    notFoundDocTitle: `Link not found · ${brand.productName}`,
    logo: `${brand.productName} logo`,
  },
  hi: {
    opening: `${brand.productName} खुल रहा है…`,
    openingHint: 'अगर कुछ नहीं होता, तो इनमें से एक चुनें:',
    openApp: `${brand.productName} में खोलें`,
    copyInvite: 'निमंत्रण कॉपी करें और ऐप डाउनलोड करें',
    iosTitle: `${brand.productName} पर अपने दोस्त से जुड़ें`,
    iosHint: 'निमंत्रण के साथ ऐप डाउनलोड करें, या ऐप है तो उसे खोलें।',
    appStore: 'App Store से डाउनलोड करें',
    playStore: 'Google Play से डाउनलोड करें',
    web: 'वेब पर जारी रखें',
    notFoundTitle: 'यह लिंक काम नहीं करता',
    notFoundBody: 'हो सकता है कि इसमें कोई गलती हो या यह अब मान्य न हो। अपने दोस्त से निमंत्रण फिर से भेजने को कहें।',
    notFoundDocTitle: `लिंक नहीं मिला · ${brand.productName}`,
    logo: `${brand.productName} लोगो`,
  },
} as const;

const style = `
  :root { color-scheme: light; --brand: #c2185b; --ink: #1f2937; --muted: #4b5563; }
  * { box-sizing: border-box; }
  body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Devanagari", sans-serif;
    color: var(--ink); background: #f5f6fb; }
  header { position: fixed; inset: 0 0 auto 0; height: 56px; display: flex; align-items: center; gap: 10px; padding: 0 16px;
    background: #fff; box-shadow: 0 1px 3px rgba(0,0,0,.08); font-weight: 700; font-size: 18px; color: var(--brand); }
  main { max-width: 420px; margin: 0 auto; padding: 96px 20px 40px; text-align: center; }
  h1 { font-size: 22px; margin: 0 0 12px; }
  p { color: var(--muted); line-height: 1.5; margin: 0 0 20px; }
  a.button { display: block; margin: 12px 0; padding: 14px 16px; border-radius: 12px; font-weight: 600; text-decoration: none;
    background: var(--brand); color: #fff; }
  a.button.secondary { background: #fff; color: var(--brand); border: 2px solid var(--brand); }
  a:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
`;

const logo = (label: string) =>
  `<svg width="28" height="28" viewBox="0 0 28 28" role="img" aria-label="${escapeHtml(label)}">` +
  '<rect width="28" height="28" rx="7" fill="#c2185b"/><path d="M8 14.5l4 4 8-9" fill="none" stroke="#fff" stroke-width="3" ' +
  'stroke-linecap="round" stroke-linejoin="round"/></svg>';

function layout(lang: PageLanguage, nonce: string, title: string, head: string, body: string): string {
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
${head}<style nonce="${nonce}">${style}</style>
</head>
<body>
<header>${logo(text[lang].logo)}<span>${escapeHtml(brand.productName)}</span></header>
<main>
${body}
</main>
</body>
</html>
`;
}

/**
 * Tries the app, then goes to the store if the page is still in front after a moment
 * (the app did not open). The links stay on the page for people without JavaScript.
 * On iOS, "Copy invite and get the app" first puts the short link on the clipboard, where the
 * app looks for it on its first start, then goes to the App Store; the store is reached even
 * when the clipboard refuses or does not answer within a second. Without JavaScript it is a
 * plain link to the App Store.
 */
const openAppScript = `
(function () {
  var app = document.getElementById('open-app');
  var store = document.getElementById('get-app');
  var copy = document.getElementById('copy-invite');
  var left = false;
  var chosen = false;
  document.addEventListener('visibilitychange', function () { if (document.hidden) left = true; });
  window.addEventListener('pagehide', function () { left = true; });
  if (copy) {
    copy.addEventListener('click', function (event) {
      event.preventDefault();
      chosen = true;
      var gone = false;
      var go = function () { if (!gone) { gone = true; window.location.href = copy.href; } };
      setTimeout(go, 1000);
      try { navigator.clipboard.writeText(copy.getAttribute('data-invite-link')).then(go, go); } catch (e) { go(); }
    });
    // iPhone: a phone with the app opened the link in the app already (universal link), so
    // this page means no app: no automatic move (the store would lose the invite, and the
    // app's scheme would only raise Safari's error). The visitor picks a button.
    return;
  }
  window.location.href = app.href;
  setTimeout(function () { if (!left && !chosen && !document.hidden) window.location.replace(store.href); }, 1500);
})();
`;

export function renderLinkPage(
  answer: Exclude<LinkAnswer, { kind: 'redirect' }>,
  lang: PageLanguage,
  nonce: string,
): RenderedPage {
  const t = text[lang];
  switch (answer.kind) {
    case 'app-page': {
      const storeLabel = answer.platform === 'ios' ? t.appStore : t.playStore;
      const copyInvite =
        answer.platform === 'ios'
          ? `<a class="button" id="copy-invite" href="${escapeHtml(answer.storeUrl)}" ` +
            `data-invite-link="${escapeHtml(answer.shortLink)}">${escapeHtml(t.copyInvite)}</a>\n`
          : '';
      const ios = answer.platform === 'ios';
      const body =
        `<h1>${escapeHtml(ios ? t.iosTitle : t.opening)}</h1>\n<p>${escapeHtml(ios ? t.iosHint : t.openingHint)}</p>\n` +
        copyInvite +
        `<a class="button${ios ? ' secondary' : ''}" id="open-app" href="${escapeHtml(answer.appUrl)}">${escapeHtml(t.openApp)}</a>\n` +
        `<a class="button secondary" id="get-app" href="${escapeHtml(answer.storeUrl)}">${escapeHtml(storeLabel)}</a>\n` +
        `<a class="button secondary" id="open-web" href="${escapeHtml(answer.webUrl)}">${escapeHtml(t.web)}</a>\n` +
        `<script nonce="${nonce}">${openAppScript}</script>`;
      return { status: 200, html: layout(lang, nonce, brand.linkTitle, '', body) };
    }
    case 'preview': {
      const meta = (attr: 'property' | 'name', key: string, value: string) =>
        `<meta ${attr}="${key}" content="${escapeHtml(value)}">\n`;
      const head =
        `<meta name="description" content="${escapeHtml(answer.description)}">\n` +
        meta('property', 'og:type', 'website') +
        meta('property', 'og:site_name', brand.productName) +
        meta('property', 'og:title', answer.title) +
        meta('property', 'og:description', answer.description) +
        meta('property', 'og:image', answer.imageUrl) +
        meta('property', 'og:image:alt', answer.title) +
        meta('property', 'og:url', answer.shortLink) +
        meta('name', 'twitter:card', 'summary_large_image') +
        meta('name', 'twitter:title', answer.title) +
        meta('name', 'twitter:description', answer.description) +
        meta('name', 'twitter:image', answer.imageUrl);
      const body =
        `<h1>${escapeHtml(answer.title)}</h1>\n<p>${escapeHtml(answer.description)}</p>\n` +
        `<a class="button" href="${escapeHtml(answer.webUrl)}">${escapeHtml(t.web)}</a>`;
      return { status: 200, html: layout(lang, nonce, answer.title, head, body) };
    }
    case 'not-found': {
      const body = `<h1>${escapeHtml(t.notFoundTitle)}</h1>\n<p>${escapeHtml(t.notFoundBody)}</p>`;
      return { status: 404, html: layout(lang, nonce, t.notFoundDocTitle, '', body) };
    }
  }
}

/** The Content-Security-Policy that goes with a page rendered with `nonce`. */
export function pageSecurityPolicy(nonce: string): string {
  return [
    "default-src 'none'",
    `style-src 'nonce-${nonce}'`,
    `script-src 'nonce-${nonce}'`,
    'img-src https: data:',
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}
