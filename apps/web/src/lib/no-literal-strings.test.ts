// The lint that keeps words out of components (eslint.config.mjs, i18next/no-literal-string): a
// component with a word written into it fails `npm run lint`; one that takes it from a key passes.
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = join(process.cwd(), '..', '..');
const eslint = new ESLint({ cwd: root });
const rulesHit = async (code: string) =>
  (await eslint.lintText(code, { filePath: join(root, 'apps/web/src/components/probe.tsx') }))
    .flatMap((result) => result.messages)
    .map((message) => message.ruleId);

describe('a component', () => {
  it('with a word written into its JSX fails the lint', async () => {
    expect(await rulesHit('export function Probe() {\n  return <p>Try again</p>;\n}\n')).toContain(
      'i18next/no-literal-string',
    );
  }, 60_000);

  it('that takes its words from the language files passes', async () => {
    const code = [
      "import { useTranslation } from 'react-i18next';",
      '',
      'export function Probe() {',
      '  const { t } = useTranslation();',
      '  return <p className="hint">{t(\'app.retry\')}</p>;',
      '}',
      '',
    ].join('\n');
    expect(await rulesHit(code)).not.toContain('i18next/no-literal-string');
  }, 60_000);
});
