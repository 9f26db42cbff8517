/**
 * Prints the README's table of limits and its list of unclear index cases from the code that
 * enforces them (src/limits/table.ts LIMITS, src/indexes.ts UNCLEAR_CASES), for pasting into the
 * README; test/readme.test.ts checks the README still says what the code does.
 *
 *   tsx tools/firestore-emulator/scripts/readme-tables.ts
 */
import { UNCLEAR_CASES } from '../src/indexes.js';
import { LIMITS } from '../src/limits/table.js';

/** Markdown text wrapped at `width`, continuation lines indented by `indent`. */
function wrap(text: string, indent: string, width = 100): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + word.length + 1 > width) {
      lines.push(line);
      line = indent + word;
    } else line = line ? `${line} ${word}` : word;
  }
  lines.push(line);
  return lines.join('\n');
}

/** Prose with Markdown's emphasis characters escaped (`__x__` would turn bold). */
const prose = (text: string): string => text.replace(/[_*]/g, (c) => `\\${c}`);

const rows = LIMITS.map(
  (limit, i) => `| ${i + 1} | ${prose(limit.name)} | ${prose(limit.value)} | ${prose(limit.code)} |`,
);
// One message per line, each alternative (` / ` in the code) on a line of its own: a code span is never wrapped.
const messages = LIMITS.map((limit, i) =>
  [
    wrap(`${i + 1}. ${prose(limit.name)}: checked by ${prose(limit.where)}; known from ${limit.source}.`, '   '),
    ...limit.message.split(' / ').map((message) => `   - \`${message}\``),
  ].join('\n'),
);
console.log(['| # | Limit | Value | Status |', '| - | - | - | - |', ...rows].join('\n'));
console.log(`\nThe messages, by number:\n\n${messages.join('\n')}\n`);
console.log(
  UNCLEAR_CASES.map((c) =>
    wrap(`- ${c.replace(/(`[^`]*`)|[_*]/g, (m, code: string | undefined) => code ?? `\\${m}`)}`, '  '),
  ).join('\n'),
);
