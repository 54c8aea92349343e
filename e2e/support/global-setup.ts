// Builds the web app once before the journeys, exactly as `npm start` would serve it.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

export default function setup(): void {
  const root = join(import.meta.dirname, '../..');
  const build = spawnSync('npm', ['run', 'build', '--workspace', '@app/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('the web app did not build');
}
