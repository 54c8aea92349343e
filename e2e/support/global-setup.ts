// Builds the web app once before the journeys, exactly as `npm start` would serve it.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export default function setup(): void {
  const root = join(import.meta.dirname, '../..');
  const build = spawnSync('npm', ['run', 'build', '--workspace', '@app/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('the web app did not build');
  assertProductionReact(join(root, 'apps/web/dist/assets'));
}

/** The journeys must drive what students get. Vitest runs with NODE_ENV=test, and a build that inherits
 * it bundles React's development build; only the production build carries its minified error text. */
function assertProductionReact(assets: string): void {
  const chunks = readdirSync(assets).filter((name) => /^react-.+\.js$/.test(name));
  const production = chunks.some((name) =>
    readFileSync(join(assets, name), 'utf8').includes('Minified React error'),
  );
  if (!production)
    throw new Error(`the web app was built with React's development build (${chunks.join(', ')})`);
}
