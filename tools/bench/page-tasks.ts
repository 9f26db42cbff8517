/**
 * Where a page's blocking time goes: Lighthouse (mobile, simulated throttling, as
 * lighthouse.ts runs it) on one page of the journey, then the main-thread tasks of its trace
 * that Lighthouse's 4x CPU slowdown turns into long tasks (10 ms or more as observed), each with
 * what took its time (script URL and function, layout, commit, ...). For finding the cause of a
 * TBT figure that lighthouse.ts reports, not for figures of its own. Needs the local stack:
 *   tsx tools/stack/with-stack.ts tsx tools/bench/page-tasks.ts welcome   (or invitation, method, home, ...)
 *   PAGE_TASKS_RUNS=3 (default 3, the first one a warm-up)  PAGE_TASKS_LANGUAGE=hi (default en)
 */
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, demoInviter, inviteLink, provideBrowser, seedDemoInviter, urls } from '@dayfocus/stack';
import { importVerifiedInvitees } from '@dayfocus/stack/testing';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { data?: { url?: string; functionName?: string; frames?: { processId?: number; parent?: string }[] } };
}

const which = process.argv[2] ?? 'welcome';
const language = process.env.PAGE_TASKS_LANGUAGE ?? 'en';
const runs = Math.max(2, Number(process.env.PAGE_TASKS_RUNS ?? 3));

await seedDemoInviter();
const site = (path: string) => `${urls.hosting}${path}?lg=${language}`;
async function pageUrl(): Promise<string> {
  switch (which) {
    case 'invitation':
      return inviteLink(demoInviter.uid, language);
    case 'method':
      return site(`/social-sign-up/${demoInviter.uid}`);
    case 'email-form':
      return site(`/sign-up/${demoInviter.uid}`);
    case 'confirm':
      return site('/confirm-email');
    case 'home':
      return site('/');
    case 'welcome': {
      const [invitee] = await importVerifiedInvitees([demoInviter.uid]);
      if (!invitee) throw new Error("Could not seed the welcome page's invitee");
      return site(`/welcome/${invitee.uid}/${demoInviter.uid}`);
    }
    default:
      throw new Error(`No page "${which}": invitation, method, email-form, confirm, welcome or home`);
  }
}
const url = await pageUrl();

/** What took a task's time: its longest inner events, named by what they ran. */
function inside(task: TraceEvent, events: TraceEvent[]): string {
  const end = task.ts + (task.dur ?? 0);
  return events
    .filter((e) => e !== task && e.tid === task.tid && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end)
    .filter((e) => (e.dur ?? 0) >= 2000 && !/RunTask/.test(e.name))
    .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
    .slice(0, 5)
    .map((e) => {
      const script = e.args?.data?.url ? ` ${e.args.data.url.split('/').pop()?.slice(0, 28)}` : '';
      const fn = e.args?.data?.functionName ? `:${e.args.data.functionName}` : '';
      return `${e.name}${script}${fn} ${Math.round((e.dur ?? 0) / 1000)}`;
    })
    .join(' | ');
}

const browser = await provideBrowser();
const chrome = await launch({
  chromePath: browser.executablePath,
  chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  envVars: { ...process.env, ...browser.env } as Record<string, string>,
  logLevel: 'error',
});
try {
  console.log(`${url}: tasks of 10 ms or more on the page's main thread (x4 in Lighthouse's simulation)`);
  for (let run = 0; run < runs; run++) {
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        formFactor: 'mobile',
        throttlingMethod: 'simulate',
      },
      { extends: 'lighthouse:default', settings: { clearStorageTypes: ['all'] } },
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (run === 0) continue; // a warm-up: cold Functions workers
    const events = (result.artifacts as unknown as { Trace: { traceEvents: TraceEvent[] } }).Trace.traceEvents;
    const frames = events.find((e) => e.name === 'TracingStartedInBrowser')?.args?.data?.frames ?? [];
    const pid = frames.find((frame) => !frame.parent)?.processId;
    const tasks = events.filter((e) => e.pid === pid && e.ph === 'X' && e.name === 'RunTask');
    const perThread = new Map<number, number>();
    for (const task of tasks) perThread.set(task.tid, (perThread.get(task.tid) ?? 0) + 1);
    const mainThread = [...perThread].sort((a, b) => b[1] - a[1])[0]?.[0];
    const own = events.filter((e) => e.pid === pid && e.tid === mainThread && e.ph === 'X');
    const start = events.find((e) => e.pid === pid && e.name === 'navigationStart')?.ts ?? tasks[0]?.ts ?? 0;
    const tbt = Math.round(result.lhr.audits['total-blocking-time']?.numericValue ?? 0);
    console.log(`run ${run}: TBT ${tbt} ms, benchmarkIndex ${result.lhr.environment.benchmarkIndex}`);
    for (const task of own.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) >= 10_000)) {
      const at = Math.round((task.ts - start) / 1000);
      console.log(`  at ${at} ms, ${((task.dur ?? 0) / 1000).toFixed(1)} ms: ${inside(task, own)}`);
    }
  }
} finally {
  chrome.kill();
}
