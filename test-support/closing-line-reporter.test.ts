// The closing line must tell the truth (issue 15): run a real Vitest on files that pass, whose hooks
// throw, or that do not load, and read the line it prints.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';

const here = import.meta.dirname;
const dir = mkdtempSync(join(here, '.reporter-run-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const files: Record<string, string> = {
  'vitest.config.ts': `
    import { defineConfig } from 'vitest/config';
    import { ClosingLineReporter } from '${join(here, 'closing-line-reporter.ts')}';
    export default defineConfig({
      test: {
        include: ['*.check.ts'],
        reporters: [new ClosingLineReporter([{ project: 'e2e', reason: 'no Chromium here' }])],
      },
    });`,
  'pass.check.ts': `
    import { it } from 'vitest';
    it('one', () => {});
    it('two', () => {});`,
  'file-hook.check.ts': `
    import { beforeAll, it } from 'vitest';
    beforeAll(() => { throw new Error('the server did not start'); });
    it('never runs', () => {});
    it('nor this', () => {});`,
  'suite-hook.check.ts': `
    import { beforeAll, describe, it } from 'vitest';
    describe('a suite', () => {
      beforeAll(() => { throw new Error('no fixture'); });
      it('never runs', () => {});
    });`,
  'broken.check.ts': `
    throw new Error('does not load');`,
  'fails.check.ts': `
    import { expect, it } from 'vitest';
    it('fails', () => { expect(1).toBe(2); });`,
};

it('counts failed hooks and files as failures, and a left-out project as skipped with its reason', () => {
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  const run = spawnSync(process.execPath, [join(here, '../node_modules/vitest/vitest.mjs'), 'run'], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, CI: '' },
    timeout: 80_000,
  });
  expect(run.status).toBe(1);
  expect(run.stdout).toContain('[tests] project e2e skipped: no Chromium here');
  // 2 passed; failed: 2 hooks + 1 file that does not load + 1 test; skipped: 3 tests behind the
  // failed hooks + the left-out project.
  expect(run.stdout.trim().split('\n').at(-1)).toBe('tests: 2 passed, 4 failed, 4 skipped');
  // A whole Vitest run of its own: seconds on a quiet machine, many more beside the rest of the suite.
}, 90_000);
