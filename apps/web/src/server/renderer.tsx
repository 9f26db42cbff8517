/**
 * The renderer of every page the page function answers, and of the short links' pages.
 * `vite build --ssr` bundles this module and everything it imports into
 * `functions/lib/web/invitation-renderer.cjs`, which the `invitationPage` function loads
 * (docs/invitation-page.md). It renders the same tree the app renders, so that the app takes the
 * page over (takeover/page.tsx) instead of painting it again, and fills the built index.html
 * with the state the takeover starts from.
 */
import type { WebPageInput, WebPageOutput } from '@dayfocus/contracts/web-page';
import type { LinkPageInput, LinkPageOutput, PageLanguageRequest } from '@dayfocus/contracts/link-page';
import { escapeHtml } from '@dayfocus/contracts/html';
import { phoneOf } from '@dayfocus/contracts/phones';
import { webPageRoutes, webPages, type WebPageName } from '@dayfocus/contracts/page-paths';
import { renderToString } from 'react-dom/server';
import { matchPath, Route, Routes, StaticRouter } from 'react-router';
import { AppRoutes } from '@/app/app-routes';
import { Layout } from '@/app/layout';
import { AppProviders } from '@/app/providers';
import { loaders } from '@/app/router';
import { serverStateScript } from '@/app/server-state';
import { setRenderedWelcome } from '@/app/routes/server-welcome';
import { emailActionTarget as targetOf } from '@/config/email-action';
import { pageQuery as queryOf } from '@/config/page-query';
import { configProblems, type RuntimeConfig } from '@dayfocus/contracts/runtime-config';
import { getInviterQueryOptions } from '@/features/inviter/api/get-inviter';
import { LinkPage } from '@/features/short-link/components/link-page';
import { openAppScript } from '@/features/short-link/lib/open-app-script';
import { createI18n, DEFAULT_LANGUAGE, isOffered } from '@/lib/i18n';
import { detectInAppBrowser } from '@/lib/in-app-browser';
import { setRenderedInAppBrowser } from '@/lib/rendered-in-app-browser';
import { createQueryClient } from '@/lib/react-query';
import { setRenderedPhone } from '@/lib/use-phone';
import { choosePageLanguage } from './page-language';
import { htmlTag, meta, originTrialTags } from './page-head';
import { previewImageTags, previewTags, productPreviewTags, siteTags } from './preview';
import { inlineStyles } from './styles';
import { pageScripts, type Manifest } from './scripts';
// The client build's output, taken in at build time: the renderer ships with the HTML, the
// configuration and the chunk names of the very build Hosting serves.
import template from '../../dist/404.html?raw';
import configJson from '../../dist/config.json?raw';
import manifestJson from '../../dist/.vite/manifest.json?raw';

const config = JSON.parse(configJson) as RuntimeConfig;
const problems = configProblems(config);
if (problems.length > 0) throw new Error(`The built config.json is not valid: ${problems.join('; ')}`);
/** The configuration this renderer was built with: the functions' predeploy refuses a local one (tools/deploy). */
export const runtimeConfig: RuntimeConfig = config;
const manifest = JSON.parse(manifestJson) as Manifest & Record<string, { css?: string[] }>;

// The whole of #root, so that no whitespace is left around the page for the takeover to trip on.
const OUTLET = /<div id="root">\s*<!--ssr-outlet-->[\s\S]*<!--\/ssr-outlet-->\s*<\/div>/;
if (!OUTLET.test(template) || !template.includes('<!--ssr-head-->'))
  throw new Error('index.html has lost its <!--ssr-head--> or <!--ssr-outlet--> markers');

const styles = inlineStyles([...new Set(Object.values(manifest).flatMap((chunk) => chunk.css ?? []))]);
/** The CSP source under which every page's inline stylesheet applies (styles.ts). */
export const inlineStyleSource = styles.source;

const scripts = pageScripts(manifest);
/** The CSP sources under which the pages' inline scripts run (scripts.ts). */
export const inlineScriptSource = scripts.source;

function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Whether the page shows the inviter its path names (without one it says "Invalid URL", 404). */
const showsInviter = (page: WebPageName): boolean => 'showsInviter' in webPages[page];

/** The page a path shows, with its inviter segment (decoded) and the language its path names. */
function pageOf(path: string): { page: WebPageName; inviterId: string | null; pathLanguage: string | undefined } {
  for (const route of webPageRoutes) {
    const match = matchPath(route.pattern, path);
    if (!match) continue;
    // Decoded, as the app's router decodes it (so the state's id is the app's `useParams` id).
    const inviterId = match.params.inviterId ? decodedSegment(match.params.inviterId) : null;
    return { page: route.page, inviterId, pathLanguage: match.params.lg };
  }
  throw new Error(`Not a server-rendered path: ${path}`);
}

export async function renderWebPage(input: WebPageInput): Promise<WebPageOutput> {
  const { page, inviterId, pathLanguage } = pageOf(input.path);
  // The invitation's path names its language; the other pages take the link's `?lg=`.
  const wanted = page === 'invitation' ? pathLanguage : input.queryLanguage;
  // A link that names no offered language: the browser's first offered one (Accept-Language).
  const { language, negotiated } = choosePageLanguage(config, wanted, input.acceptLanguage);
  const inviter = inviterId && input.inviter?.inviterId === inviterId ? input.inviter : null;
  // Only the pages that show the inviter hand the app a card (the welcome page's: its state's).
  const stateInviterId = showsInviter(page) ? inviterId : null;

  const i18n = await createI18n(language);
  const t = i18n.getFixedT(language);
  // Before the settings below: nothing may wait between them and the render that reads them.
  const { default: Page } = await loaders[page]();

  const phone = phoneOf(input.userAgent);
  setRenderedPhone(phone); // renderToString is synchronous: this render alone reads it
  const location = input.query ? `${input.path}?${input.query}` : input.path;
  // Only a page drawn per user agent is given one: the others are the same for every browser.
  const inApp = input.userAgent ? detectInAppBrowser({ userAgent: input.userAgent, search: input.query ?? '' }) : null;
  setRenderedInAppBrowser({ inApp, pageHref: new URL(location, input.productDomain).href });
  const welcome = page === 'welcome' ? input.welcome : undefined; // the confirm form, or its answer
  setRenderedWelcome(welcome ? { state: welcome, inviter } : null);
  const queryClient = createQueryClient();
  if (stateInviterId) queryClient.setQueryData(getInviterQueryOptions(stateInviterId).queryKey, inviter);
  const body = renderToString(
    <AppProviders config={config} i18n={i18n} queryClient={queryClient}>
      <StaticRouter location={location}>
        <AppRoutes pages={{ [page]: Page }} />
      </StaticRouter>
    </AppProviders>,
  );

  const titleKey = page === 'invitation' && !inviter ? 'invitation.unknownTitle' : webPages[page].title;
  const title = `${t(titleKey)} · ${t('app.name')}`;
  // Only the invitation is a page people share: the others get no preview, and only the pages
  // marked `indexed` (the front door, the product's own page) are for search.
  const head =
    page === 'invitation'
      ? previewTags(t, language, input, inviter)
      : page === 'home'
        ? productPreviewTags(t, language, input)
        : 'indexed' in webPages[page]
          ? []
          : [meta('name', 'robots', 'noindex')];

  const description = page === 'invitation' && inviter ? t('invitation.needsHelp', { name: inviter.name }) : undefined;
  let html = scripts
    .deferApp(styles.inline(template))
    .replace(/<html lang="[^"]*"/, () => htmlTag(language))
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
    // The app starts from the state below, not from /config.json.
    .replace(/\s*<link rel="preload" href="\/config\.json"[^>]*>/, '')
    // Replacements are functions: a `$` in a name must stay a `$`, not a replacement pattern.
    .replace('<!--ssr-head-->', () => [...head, ...originTrialTags(page, config)].join('\n    '))
    .replace(OUTLET, () => `<div id="root">${body}</div>`)
    .replace(
      '</body>',
      () =>
        `  ${serverStateScript({ config, language, page, ...(phone ? { phone } : {}), inApp, inviterId: stateInviterId, inviter, welcome })}\n  </body>`,
    );
  if (description)
    html = html.replace(
      /(<meta name="description" content=")[^"]*"/,
      (_, start: string) => `${start}${escapeHtml(description)}"`,
    );
  return { status: showsInviter(page) && !inviter ? 404 : 200, html, language, negotiated };
}

/** The query a server-rendered page is served under (config/page-query.ts), with the configuration of this build. */
export function pageQuery(path: string, query: string): string {
  return queryOf(path, query, config);
}

/** `/auth/action`'s redirect (config/email-action.ts), with the configuration of this build. */
export function emailActionTarget(query: string): string {
  return targetOf(query, config);
}

// ---------------------------------------------------------------------------------------------
// The pages of a short link (/l/{code}): the function decides what a visitor gets
// (functions/src/short-links/flows/app-link-flow.ts), this draws it in the app's own layout,
// components and stylesheet. A static page: no app script, only the page's own one under the function's nonce.

/** The built page without the app's scripts (its stylesheet stays, inline): a short link's page runs none of them. */
function withoutApp(html: string): string {
  return html
    .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace(/\s*<link rel="preload" href="\/config\.json"[^>]*>/, '');
}

/**
 * A short link's page's language, by the rule of every page drawn here: the function asks it
 * first, since the page's content names the invitation in it ("Continue on the web").
 */
export function pageLanguage(request: PageLanguageRequest): string {
  return choosePageLanguage(config, request.queryLanguage, request.acceptLanguage).language;
}

export async function renderLinkPage(input: LinkPageInput): Promise<LinkPageOutput> {
  const { content } = input;
  const language = isOffered(config, input.language) ? input.language : DEFAULT_LANGUAGE;
  const i18n = await createI18n(language);
  const t = i18n.getFixedT(language);
  const body = renderToString(
    <AppProviders config={config} i18n={i18n} queryClient={createQueryClient()}>
      <StaticRouter location={input.path}>
        <Routes>
          <Route element={<Layout />}>
            <Route path="*" element={<LinkPage content={content} />} />
          </Route>
        </Routes>
      </StaticRouter>
    </AppProviders>,
  );
  const heading =
    content.kind === 'invite' ? t('shortLink.title', { name: content.inviter.name }) : t('shortLink.notFoundDocTitle');
  const preview = content.kind === 'invite' ? content.preview : undefined;
  // The preview names the inviter, as her invitation's does, over her card (its address is the
  // flow's: functions/src/short-links/domain/link-pages.ts).
  const named = content.kind === 'invite' ? { name: content.inviter.name } : undefined;
  const title = preview && named ? t('invitation.previewTitle', named) : `${heading} · ${t('app.name')}`;
  const description = preview && named ? t('invitation.needsHelp', named) : undefined;
  const head = [meta('name', 'robots', 'noindex')];
  if (preview && description && content.kind === 'invite') {
    head.push(
      ...siteTags(t, title, description, content.shortLink),
      ...previewImageTags({ url: preview.imageUrl, alt: title, sized: true }),
    );
  }
  // The script runs under the response's nonce alone: a page without one (the CDN's) has none.
  const script =
    content.kind === 'invite' && content.phone !== undefined && input.nonce !== undefined
      ? `  <script nonce="${escapeHtml(input.nonce)}">${openAppScript}</script>\n  `
      : '';
  let html = withoutApp(styles.inline(template, input.nonce))
    .replace(/<html lang="[^"]*"/, () => htmlTag(language))
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
    .replace('<!--ssr-head-->', () => head.join('\n    '))
    .replace(OUTLET, () => `<div id="root">${body}</div>`)
    .replace('</body>', () => `${script}</body>`);
  if (description)
    html = html.replace(
      /(<meta name="description" content=")[^"]*"/,
      (_, start: string) => `${start}${escapeHtml(description)}"`,
    );
  return { status: content.kind === 'invite' ? 200 : 404, html, language };
}
