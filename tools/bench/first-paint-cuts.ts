/**
 * What a busy phone can draw of each server-rendered page before its HTML has all arrived: the
 * page's HTML sent in two parts, cut after every tag of its body, the first part drawn (its first
 * paint and two frames), then the rest; every layout shift meanwhile is listed with the element
 * that moved and its boxes before and after. A phone's parser pauses where it likes (a slow
 * network, a busy processor), so any cut is a frame someone may see; a part drawn there that
 * moves when the rest comes is a jump in the page. Scripts are kept out (the app's takeover is the
 * browser tests' subject); every other request (a stylesheet, a picture) goes on to Hosting.
 * Each kind of move found here became a case of the browser tests' first-paint table
 * (apps/web/e2e/invitation-server.e2e.ts): this sweep is the search, too long for `npm test`
 * (about 1,460 loads).
 *   pnpm run build && tsx tools/stack/with-stack.ts tsx tools/bench/first-paint-cuts.ts
 * Exits 1 when any cut moved something. `CUT_PAGES=home,method` picks pages by name.
 */
import { demoInviter, demoShortLink, seedDemoInviter, urls } from '@dayfocus/stack';
import { importVerifiedInvitees } from '@dayfocus/stack/testing';
import { launchBrowser } from '@dayfocus/stack/browser-contexts';
import { layoutShifts, servedInTwoParts, watchLayoutShifts } from '@dayfocus/stack/layout-shifts';
import { CHROME_ANDROID, CHROME_WINDOWS, inAppBrowsers, SAFARI_IPHONE } from '@dayfocus/stack/user-agents';

const DEVICES = {
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1280, height: 800 } },
};
const instagram = inAppBrowsers[0]?.userAgent ?? CHROME_ANDROID;

await seedDemoInviter();
const [invitee] = await importVerifiedInvitees([demoInviter.uid]);
if (!invitee) throw new Error('no invitee was imported');
const inviter = demoInviter.uid;
const shortLink = new URL(await demoShortLink()).pathname;

/** The pages, each as a phone asks for it: its path, language and browser. */
const pages: { name: string; path: string; language: string; userAgent: string; device?: keyof typeof DEVICES }[] = [
  { name: 'home', path: '/', language: 'hi-IN', userAgent: CHROME_ANDROID },
  { name: 'invitation', path: `/feedback/${inviter}/hi`, language: 'hi-IN', userAgent: CHROME_ANDROID },
  { name: 'invitation-en', path: `/feedback/${inviter}/en`, language: 'en-IN', userAgent: instagram },
  { name: 'method', path: `/social-sign-up/${inviter}?lg=hi`, language: 'hi-IN', userAgent: CHROME_ANDROID },
  { name: 'method-in-app', path: `/social-sign-up/${inviter}?lg=en`, language: 'en-IN', userAgent: instagram },
  { name: 'email-form', path: `/sign-up/${inviter}?lg=hi`, language: 'hi-IN', userAgent: CHROME_ANDROID },
  { name: 'confirm', path: '/confirm-email?lg=hi', language: 'hi-IN', userAgent: CHROME_ANDROID },
  { name: 'welcome', path: `/welcome/${invitee.uid}/${inviter}?lg=hi`, language: 'hi-IN', userAgent: CHROME_ANDROID },
  {
    name: 'welcome-en',
    path: `/welcome/${invitee.uid}/${inviter}?lg=en`,
    language: 'en-IN',
    userAgent: CHROME_ANDROID,
  },
  { name: 'not-found', path: '/no-such-page', language: 'en-IN', userAgent: CHROME_ANDROID },
  { name: 'short-link-iphone', path: shortLink, language: 'en-IN', userAgent: SAFARI_IPHONE },
  { name: 'short-link-android', path: shortLink, language: 'hi-IN', userAgent: CHROME_ANDROID },
  { name: 'short-link-desktop', path: shortLink, language: 'en-IN', userAgent: CHROME_WINDOWS, device: 'desktop' },
  { name: 'home-desktop', path: '/', language: 'en-IN', userAgent: CHROME_WINDOWS, device: 'desktop' },
  {
    name: 'invitation-desktop',
    path: `/feedback/${inviter}/en`,
    language: 'en-IN',
    userAgent: CHROME_WINDOWS,
    device: 'desktop',
  },
];
const picked = process.env.CUT_PAGES?.split(',');

/** Where a page's body may be cut: after each `>` from `<body` on. */
function cutsOf(html: string): number[] {
  const cuts: number[] = [];
  for (let at = html.indexOf('<body'); at >= 0 && at < html.length; at = html.indexOf('>', at + 1))
    if (html[at] === '>') cuts.push(at + 1);
  return cuts;
}

const browser = await launchBrowser();
const rows: string[] = [];
const moves: string[] = [];
const started = performance.now();
try {
  for (const { name, path, language, userAgent, device = 'phone' } of pages.filter(
    (page) => !picked || picked.includes(page.name),
  )) {
    const answer = await fetch(`${urls.hosting}${path}`, {
      headers: { 'user-agent': userAgent, 'accept-language': `${language},${language.split('-')[0]};q=0.9` },
    });
    const html = await answer.text();
    const context = await browser.newContext({ ...DEVICES[device], userAgent });
    await watchLayoutShifts(context);
    const page = await context.newPage();
    // Two frames of the page (text: this module is typed for Node, not the page).
    const frames = () =>
      page.evaluate('new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn)))');
    const server = await servedInTwoParts(path, html, { passOnTo: urls.hosting });
    const cuts = cutsOf(html);
    let moving = 0;
    for (const cut of cuts) {
      server.cutAt(cut);
      const loaded = page.goto(server.url);
      loaded.catch(() => undefined); // awaited below
      await page
        .waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, undefined, {
          timeout: 5_000,
        })
        .catch(() => undefined); // a part with nothing to draw yet
      await frames();
      server.sendRest();
      await loaded;
      await frames();
      const { moved } = await layoutShifts(page);
      if (moved.length === 0) continue;
      moving += 1;
      const before = html.slice(Math.max(html.indexOf('<body'), cut - 80), cut).replace(/\s+/g, ' ');
      moves.push(`- ${name}, cut ${cut} after \`…${before}\`: ${moved.join('; ')}`);
    }
    await server.close();
    await context.close();
    rows.push(`| ${name} | \`${path}\` | ${answer.status} | ${cuts.length} | ${moving} |`);
  }
} finally {
  await browser.close();
}

console.log(
  `\nEach page's HTML cut after every tag of its body, drawn in part, then whole (${Math.round((performance.now() - started) / 1000)} s):\n`,
);
console.log('| page | path | status | cuts | cuts that moved something |');
console.log('| --- | --- | --- | --- | --- |');
for (const row of rows) console.log(row);
console.log(moves.length ? `\nWhat moved:\n${moves.join('\n')}` : '\nNothing moved at any cut.');
process.exitCode = moves.length ? 1 : 0;
