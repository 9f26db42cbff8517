/**
 * Where a page's blocking time goes: Lighthouse (mobile, simulated throttling, as
 * lighthouse.ts runs it) on one page of the journey, then the main-thread tasks of its trace
 * that the CPU slowdown turns into long tasks (over 50 ms once slowed; 4x, Lighthouse's own,
 * unless PAGE_TASKS_CPU names another), each with what took its time (script URL and function,
 * layout, commit, ...), and the longest task of the run, slowed. For finding the cause of a TBT
 * figure that lighthouse.ts reports, not for figures of its own. Needs the local stack:
 *   tsx tools/stack/with-stack.ts tsx tools/bench/page-tasks.ts welcome   (or invitation, method, home, ...)
 *   PAGE_TASKS_RUNS=3 (default 3, the first one a warm-up)  PAGE_TASKS_LANGUAGE=hi (default en)
 *   PAGE_TASKS_CPU=9.31 (the CPU slowdown: the low-tier profile's multiplier, which lighthouse.ts prints)
 *   PAGE_TASKS_TRACES=dir (each counted run's trace written there, as run-N.trace.json, for DevTools)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import { CHROMIUM_ARGS, demoInviter, inviteLink, provideBrowser, seedDemoInviter, urls } from '@dayfocus/stack';
import { importVerifiedInvitees } from '@dayfocus/stack/testing';
import { href } from '@dayfocus/contracts/page-paths';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: {
    name?: string;
    data?: { url?: string; functionName?: string; frames?: { processId?: number; parent?: string }[] };
  };
}

const which = process.argv[2] ?? 'welcome';
const language = process.env.PAGE_TASKS_LANGUAGE ?? 'en';
const runs = Math.max(2, Number(process.env.PAGE_TASKS_RUNS ?? 3));
const cpu = Number(process.env.PAGE_TASKS_CPU ?? throttling.mobileSlow4G.cpuSlowdownMultiplier);
if (!(cpu >= 1)) throw new Error(`PAGE_TASKS_CPU=${process.env.PAGE_TASKS_CPU}: a slowdown of 1 or more`);
const traces = process.env.PAGE_TASKS_TRACES;
if (traces) mkdirSync(traces, { recursive: true });
/** A task this long as observed (µs) is over 50 ms once slowed: a long task. */
const longObserved = 50_000 / cpu;

await seedDemoInviter();
const site = (path: string) => `${urls.hosting}${path}?lg=${language}`;
async function pageUrl(): Promise<string> {
  switch (which) {
    case 'invitation':
      return inviteLink(demoInviter.uid, language);
    case 'method':
      return site(href('social-sign-up', { inviterId: demoInviter.uid }));
    case 'email-form':
      return site(href('sign-up', { inviterId: demoInviter.uid }));
    case 'confirm':
      return site(href('confirm-email'));
    case 'home':
      return site(href('home'));
    case 'welcome': {
      const [invitee] = await importVerifiedInvitees([demoInviter.uid]);
      if (!invitee) throw new Error("Could not seed the welcome page's invitee");
      return site(href('welcome', { inviteeId: invitee.uid, inviterId: demoInviter.uid }));
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
    .filter((e) => (e.dur ?? 0) >= Math.min(2000, longObserved / 4) && !/RunTask/.test(e.name))
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
  console.log(`${url}: tasks over 50 ms at ${cpu}x CPU on the page's main thread (as observed, then slowed)`);
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
        throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: cpu },
      },
      {
        extends: 'lighthouse:default',
        // With the traces, V8's sampling profiler: which functions a long task ran.
        settings: {
          clearStorageTypes: ['all'],
          ...(traces ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' } : {}),
        },
      },
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (run === 0) continue; // a warm-up: cold Functions workers
    const trace = (result.artifacts as unknown as { Trace: { traceEvents: TraceEvent[] } }).Trace;
    const events = trace.traceEvents;
    if (traces) writeFileSync(join(traces, `run-${run}.trace.json`), JSON.stringify(trace));
    const frames = events.find((e) => e.name === 'TracingStartedInBrowser')?.args?.data?.frames ?? [];
    const pid = frames.find((frame) => !frame.parent)?.processId;
    const tasks = events.filter((e) => e.pid === pid && e.ph === 'X' && e.name === 'RunTask');
    // The renderer's main thread by its name; else the thread with the most tasks.
    const perThread = new Map<number, number>();
    for (const task of tasks) perThread.set(task.tid, (perThread.get(task.tid) ?? 0) + 1);
    const named = events.find((e) => e.pid === pid && e.ph === 'M' && e.args?.name === 'CrRendererMain')?.tid;
    const mainThread = named ?? [...perThread].sort((a, b) => b[1] - a[1])[0]?.[0];
    const own = events.filter((e) => e.pid === pid && e.tid === mainThread && e.ph === 'X');
    const start = events.find((e) => e.pid === pid && e.name === 'navigationStart')?.ts ?? tasks[0]?.ts ?? 0;
    const tbt = Math.round(result.lhr.audits['total-blocking-time']?.numericValue ?? 0);
    const longest = Math.max(0, ...own.filter((e) => e.name === 'RunTask' && e.ts >= start).map((e) => e.dur ?? 0));
    console.log(
      `run ${run}: TBT ${tbt} ms, benchmarkIndex ${result.lhr.environment.benchmarkIndex}, longest task after navigation ${((longest * cpu) / 1000).toFixed(0)} ms slowed`,
    );
    for (const task of own.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > longObserved)) {
      const at = Math.round((task.ts - start) / 1000);
      const observed = (task.dur ?? 0) / 1000;
      console.log(
        `  at ${at} ms, ${observed.toFixed(1)} ms (${(observed * cpu).toFixed(0)} slowed): ${inside(task, own)}`,
      );
    }
  }
} finally {
  chrome.kill();
}
