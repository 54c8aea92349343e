// nginx running deploy/nginx.conf in front of API processes on this machine, for the multi-process test
// (apps/server/test/multi-instance/) and the bench (`--via-nginx`): the deployed file itself, with only
// the ports, certificate, temporary and log paths replaced. With `tls: false` the proxying server
// listens in plain HTTP (the bench's load generator would otherwise spend its core on handshakes); its
// upstream, connection reuse and limits are the deployed ones all the same.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from './free-port';

const ROOT = resolve(import.meta.dirname, '..');

export type RunningNginx = {
  /** The plain-HTTP server that redirects to the proxying one. */
  httpPort: number;
  /** The proxying server (HTTPS, or plain HTTP with `tls: false`). */
  proxyPort: number;
  /** nginx's master and worker pids, for the bench's reading of nginx's own CPU. */
  pids(): number[];
  stop(): Promise<void>;
};

export async function startNginx(
  upstreamPorts: number[],
  options: { tls?: boolean } = {},
): Promise<RunningNginx> {
  const tls = options.tls ?? true;
  const dir = mkdtempSync(join(tmpdir(), 'lp-nginx-'));
  const [httpPort, proxyPort] = [await freePort(), await freePort()];
  if (tls)
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
      ].concat(['-subj', '/CN=localhost', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')]),
      { stdio: 'ignore' },
    );
  // The deployed file's upstream lines give way to one line per process given, in the first one's place.
  let upstreamLines = 0;
  let conf = readFileSync(join(ROOT, 'deploy/nginx.conf'), 'utf8')
    .replace(/^( *)server 127\.0\.0\.1:\d+([^;]*);\n/gm, (_line, indent: string, parameters: string) =>
      upstreamLines++ > 0
        ? ''
        : upstreamPorts.map((port) => `${indent}server 127.0.0.1:${port}${parameters};\n`).join(''),
    )
    .replace('listen 80;', `listen 127.0.0.1:${httpPort};`)
    .replace(/access_log \S+;/, `access_log ${join(dir, 'access.log')};`)
    .replace(
      'http {',
      `http {\n  client_body_temp_path ${join(dir, 'body')};\n  proxy_temp_path ${join(dir, 'proxy')};`,
    );
  conf = tls
    ? conf
        .replace('listen 443 ssl http2;', `listen 127.0.0.1:${proxyPort} ssl http2;`)
        .replace(/ssl_certificate \S+;/, `ssl_certificate ${join(dir, 'cert.pem')};`)
        .replace(/ssl_certificate_key \S+;/, `ssl_certificate_key ${join(dir, 'key.pem')};`)
    : conf
        .replace('listen 443 ssl http2;', `listen 127.0.0.1:${proxyPort};`)
        .replace(/^\s*ssl_\S+ .*;\n/gm, '');
  if (upstreamLines === 0) throw new Error('deploy/nginx.conf lists no upstream server 127.0.0.1:<port>');
  const file = join(dir, 'nginx.conf');
  writeFileSync(file, conf);
  const args = ['-p', dir, '-c', file, '-e', join(dir, 'error.log')];
  const pidFile = join(dir, 'nginx.pid');
  const globals = ['-g', `daemon off; pid ${pidFile};`];
  execFileSync('nginx', [...args, ...globals, '-t'], { stdio: 'ignore' });
  const child: ChildProcess = spawn('nginx', [...args, ...globals], { stdio: 'ignore', detached: true });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Ready once the redirecting server answers.
  const started = Date.now();
  for (;;) {
    const status = await fetch(`http://127.0.0.1:${httpPort}/`, { redirect: 'manual' }).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 301) break;
    if (Date.now() - started > 5000)
      throw new Error(`nginx did not answer within 5 s (see ${dir}/error.log)`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return {
    httpPort,
    proxyPort,
    pids() {
      const workers = execFileSync('pgrep', ['-P', String(child.pid)], { encoding: 'utf8' })
        .split('\n')
        .filter(Boolean)
        .map(Number);
      return [child.pid!, ...workers];
    },
    async stop() {
      try {
        process.kill(-child.pid!, 'SIGQUIT');
      } catch {
        // Already gone.
      }
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
