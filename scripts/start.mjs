// `npm start`: build the web app when its build is missing or older than its sources, then run the
// server (which migrates, creates the default tenant and loads the demo catalogue on first start).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const web = join(root, 'apps/web');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const webIndex = join(web, 'dist/index.html');
const webHasSources = existsSync(join(web, 'index.html'));
if (webHasSources) {
  const stale =
    !existsSync(webIndex) ||
    statSync(webIndex).mtimeMs <
      Math.max(
        statSync(join(web, 'index.html')).mtimeMs,
        newestMtime(join(web, 'src')),
        // The build's own steps: the prerendering and the boot script it writes into every page.
        newestMtime(join(web, 'build')),
        newestMtime(join(root, 'packages')),
      );
  if (stale) {
    console.log('[start] building the web app…');
    const build = spawnSync('npm', ['run', 'build', '--workspace', '@app/web'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
}

const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
