import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dotenvKeys, emulatorSettingsInDeploy } from '../../src/domain/deploy-env.js';

const functionsDir = join(__dirname, '../..');

describe('the predeploy check of functions/.env files', () => {
  it('reads the keys of a dotenv file', () => {
    expect(dotenvKeys('# comment\nA=1\n  export B = x\n\nC_D="q=r"\nnot a line\n')).toEqual(['A', 'B', 'C_D']);
  });

  it('refuses emulator-only switches in every file a deploy reads, and only there', () => {
    expect(
      emulatorSettingsInDeploy([
        { name: '.env', text: 'PRODUCT_DOMAIN=https://dayfocus.app\nFUNCTIONS_EMULATOR=true\n' },
        { name: '.env.dayfocus-prod', text: 'FIRESTORE_EMULATOR_HOST=127.0.0.1:8080\nFIREBASE_EMULATOR_HUB=x\n' },
        { name: '.env.local', text: 'FUNCTIONS_EMULATOR=true\n' },
        { name: '.env.staging', text: 'APP_CHECK_ENFORCEMENT=monitor\nEMULATORS_NOTE=x\n' },
      ]),
    ).toEqual([
      '.env: FUNCTIONS_EMULATOR',
      '.env.dayfocus-prod: FIRESTORE_EMULATOR_HOST',
      '.env.dayfocus-prod: FIREBASE_EMULATOR_HUB',
    ]);
  });

  it('is run by the predeploy and fails the deploy on such a file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'deploy-env-'));
    cpSync(join(functionsDir, 'scripts'), join(dir, 'scripts'), { recursive: true });
    cpSync(join(functionsDir, 'lib/domain'), join(dir, 'lib/domain'), { recursive: true });
    writeFileSync(join(dir, 'package.json'), '{"type":"commonjs"}');
    writeFileSync(join(dir, '.env.local'), 'FUNCTIONS_EMULATOR=true\n');
    const run = () => execFileSync(process.execPath, [join(dir, 'scripts/check-deploy-env.mjs')], { stdio: 'pipe' });
    expect(run).not.toThrow();
    writeFileSync(join(dir, '.env.dayfocus-prod'), 'FUNCTIONS_EMULATOR=true\n');
    expect(run).toThrow(/\.env\.dayfocus-prod: FUNCTIONS_EMULATOR/);
  });
});
