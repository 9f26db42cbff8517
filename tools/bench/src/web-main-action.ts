/**
 * "The page's main action working" on slow 3G, and the bytes it needed (web-profiles.ts).
 *
 * The main action is one element per page (a selector, lighthouse.ts: "sign up" on the invitation,
 * the phone's own provider on the method page, the e-mail form's first field, the store badge...). It
 * works from the first frame in which it is there, has a box and is not hidden, and either
 * - is a real link (`<a href>`, not `#...` nor `javascript:`): it works without JavaScript, so a
 *   link the server rendered counts from its first paint; or
 * - is a field that takes typing (an enabled `<input>`): the browser's own, from its first paint
 *   (the e-mail form: docs/invitation-page.md, "The pages after the invitation"); or
 * - is the submit button of a form the server answers (`method="post"`, not one the app must send:
 *   `data-held-submit`): the browser posts it without JavaScript (the welcome page's confirm form);
 * - is not disabled and React has taken it over (its `__reactProps$...` key: the app's handlers
 *   are on it, after the takeover or the app's own render): any other button works only with the app.
 * A page without an action (the confirmation as a reload shows it) names its heading: text, which
 * serves from the frame it is painted in (any element that is no link, button or field).
 *
 * How: a script Chrome runs in every new document before the page's own (a gatherer's
 * `Page.addScriptToEvaluateOnNewDocument`, so inside Lighthouse's own throttled run) looks for
 * the element on each animation frame and puts a user-timing mark `dayfocus:main-action` on the
 * first frame it works; the audit `dayfocus-main-action` reports the mark's time from the
 * navigation (`numericValue`, ms). Not Lighthouse's `interactive` (TTI): that waits for 5 s
 * without long tasks and with at most 2 requests in flight, which says nothing about a button,
 * and a page that keeps a connection busy never reaches it.
 *
 * "Bytes before it works": the transfer sizes (compressed, with headers) of the requests that had
 * finished by then, from the result's `network-requests` (on the trace's clock: its
 * `networkStartTimeTs` and the `metrics` audit's `observedTimeOriginTs`).
 */
import { Audit, Gatherer, type Config, type Result } from 'lighthouse';

export const MAIN_ACTION_MARK = 'dayfocus:main-action';
export const MAIN_ACTION_AUDIT = 'dayfocus-main-action';
const ARTIFACT = 'DayfocusMainAction';

/** The script the page runs first: marks the first frame in which `selector`'s element works. */
function probe(selector: string): string {
  return `(() => {
  if (window !== window.top || location.protocol === 'about:') return;
  const selector = ${JSON.stringify(selector)};
  const started = performance.now();
  const realLink = (el) => {
    const href = el.getAttribute('href');
    return el.localName === 'a' && !!href && !href.startsWith('#') && !/^javascript:/i.test(href);
  };
  const works = () => {
    const el = document.querySelector(selector);
    if (!el) return null;
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0 || getComputedStyle(el).visibility === 'hidden') return null;
    if (realLink(el)) return 'link';
    if (!['a', 'button', 'input', 'select', 'textarea'].includes(el.localName)) return 'text';
    if (el.disabled || el.getAttribute('aria-disabled') === 'true') return null;
    if (el.localName === 'input') return 'field';
    const form = el.form;
    const posted = el.type === 'submit' && form && form.method === 'post' && !form.hasAttribute('data-held-submit');
    if (posted) return 'form';
    return Object.keys(el).some((key) => key.startsWith('__reactProps$')) ? 'app' : null;
  };
  const frame = () => {
    const how = works();
    if (how) performance.mark(${JSON.stringify(MAIN_ACTION_MARK)}, { detail: { selector, how } });
    else if (performance.now() - started < 180000) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();`;
}

type GatherContext = Parameters<Gatherer['getArtifact']>[0];
type Artifact = Awaited<ReturnType<Gatherer['getArtifact']>>;

/** What the page's mark says: when (ms from the navigation) and how it works, or null (it never did). */
interface MainActionArtifact {
  selector: string;
  at: number | null;
  how: How | null;
}

/** How the main action works: a real link, text, a field, a form the server answers, or the app's control. */
type How = 'link' | 'text' | 'field' | 'form' | 'app';

class MainActionGatherer extends Gatherer {
  override meta: Gatherer['meta'] = { supportedModes: ['navigation'] };

  constructor(private readonly selector: string) {
    super();
  }

  override async startInstrumentation(context: GatherContext): Promise<void> {
    await context.driver.defaultSession.sendCommand('Page.addScriptToEvaluateOnNewDocument', {
      source: probe(this.selector),
    });
  }

  override async getArtifact(context: GatherContext): Promise<Artifact> {
    const mark = JSON.stringify(MAIN_ACTION_MARK);
    const { result } = await context.driver.defaultSession.sendCommand('Runtime.evaluate', {
      expression: `(() => { const m = performance.getEntriesByName(${mark}, 'mark')[0];
        return m ? { at: m.startTime, how: m.detail && m.detail.how } : null; })()`,
      returnByValue: true,
    });
    const found = result.value as { at: number; how: How } | null;
    const artifact: MainActionArtifact = { selector: this.selector, at: found?.at ?? null, how: found?.how ?? null };
    // A custom artifact: Lighthouse's types know only its own.
    return artifact as unknown as Artifact;
  }
}

class MainActionAudit extends Audit {
  static override get meta() {
    return {
      id: MAIN_ACTION_AUDIT,
      title: 'Main action working',
      description:
        "When the page's main action first worked (a real link, a field or a server's form painted, or a control the app has taken over).",
      scoreDisplayMode: Audit.SCORING_MODES.INFORMATIVE,
      requiredArtifacts: [ARTIFACT],
    } as unknown as (typeof Audit)['meta'];
  }

  static override audit(artifacts: Parameters<typeof Audit.audit>[0]) {
    const found = (artifacts as unknown as Record<string, MainActionArtifact | undefined>)[ARTIFACT];
    const at = found?.at ?? null;
    const debug = { type: 'debugdata' as const, selector: found?.selector, how: found?.how ?? null };
    if (at === null) return { score: 0, displayValue: 'never worked during the run', details: debug };
    return {
      score: 1,
      numericValue: at,
      numericUnit: 'millisecond' as const,
      displayValue: `${(at / 1000).toFixed(2)} s (${found?.how})`,
      details: debug,
    };
  }
}

/** The default config with the main-action gatherer and audit (`onlyAudits` must name the audit, mainActionFlags). */
export function mainActionConfig(base: Config, selector: string): Config {
  return {
    ...base,
    artifacts: [...(base.artifacts ?? []), { id: ARTIFACT, gatherer: { instance: new MainActionGatherer(selector) } }],
    audits: [...(base.audits ?? []), MainActionAudit],
  };
}

/** Keeps the audit (and so its gatherer) next to the categories `onlyCategories` names. */
export const mainActionFlags = { onlyAudits: [MAIN_ACTION_AUDIT] };

interface NetworkItem {
  networkEndTime?: number;
  transferSize?: number;
  finished?: boolean;
}

/** The main action's time (ms from the navigation) and the bytes of the requests finished by then. */
export function mainActionFigures(lhr: Result): { atMs: number | null; bytesBefore: number | null } {
  const atMs = lhr.audits[MAIN_ACTION_AUDIT]?.numericValue ?? null;
  if (atMs === null) return { atMs, bytesBefore: null };
  const requests = lhr.audits['network-requests']?.details as
    { items?: NetworkItem[]; debugData?: { networkStartTimeTs?: number } } | undefined;
  const metrics = lhr.audits.metrics?.details as { items?: { observedTimeOriginTs?: number }[] } | undefined;
  const networkStartTs = requests?.debugData?.networkStartTimeTs;
  const timeOriginTs = metrics?.items?.[0]?.observedTimeOriginTs;
  if (networkStartTs === undefined || timeOriginTs === undefined || !requests?.items)
    return { atMs, bytesBefore: null };
  // Both on the trace's clock (µs): the mark from the time origin, a request's end from the first request's start.
  const actionTs = timeOriginTs + atMs * 1000;
  const bytesBefore = requests.items
    .filter((r) => r.finished !== false && r.networkEndTime !== undefined)
    .filter((r) => networkStartTs + (r.networkEndTime ?? 0) * 1000 <= actionTs)
    .reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  return { atMs, bytesBefore };
}
