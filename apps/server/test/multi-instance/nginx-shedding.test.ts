// deploy/nginx.conf in front of processes that shed load (decision 0010): a 503 with Retry-After
// reaches the phone as it is, and the process that sent it stays in rotation. With nginx's default
// (one failure takes a server out for 10 s, and proxy_next_upstream counts a 503 as one), the first
// refusals on exam night took both processes out and nginx answered 502 to everyone for 10 s.
// The upstreams here are two plain HTTP servers that answer 503 while `busy`, as a shedding process
// does, so that the proxy's behaviour alone is under test.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { expect } from 'vitest';
import { startNginx } from '../../../../test-support/nginx';
import { describeWith, itWith } from './support/environment';

async function shedding(isBusy: () => boolean): Promise<{ server: Server; port: number; served: number[] }> {
  const served: number[] = [];
  const server = createServer((_request, response) => {
    const status = isBusy() ? 503 : 200;
    served.push(status);
    response.writeHead(status, status === 503 ? { 'retry-after': '5' } : {}).end('{}');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, port: (server.address() as { port: number }).port, served };
}

describeWith(['nginx'], 'nginx with deploy/nginx.conf, in front of processes shedding load', () => {
  itWith(
    ['nginx'],
    'passes a 503 and its Retry-After on, and keeps both processes in rotation after it',
    async () => {
      let busy = true;
      const upstreams = await Promise.all([shedding(() => busy), shedding(() => busy)]);
      const nginx = await startNginx(
        upstreams.map((upstream) => upstream.port),
        { tls: false },
      );
      const get = () => fetch(`http://127.0.0.1:${nginx.proxyPort}/api/Student/enrolledCourses`);
      try {
        // Both refuse, read after read (nginx's workers keep their own counts, so several): each is
        // answered with the refusal and its wait, never 502.
        const refused: Response[] = [];
        for (let i = 0; i < 4; i++) refused.push(await get());
        expect(refused.map((reply) => reply.status)).toEqual([503, 503, 503, 503]);
        expect(refused.map((reply) => reply.headers.get('retry-after'))).toEqual(['5', '5', '5', '5']);
        // A moment later both have room: the next reads reach them, not a 502 for the next 10 s.
        busy = false;
        const next = await Promise.all(Array.from({ length: 6 }, () => get()));
        expect(next.map((reply) => reply.status)).toEqual(Array(6).fill(200));
        expect(upstreams.every((upstream) => upstream.served.includes(200))).toBe(true);
      } finally {
        await nginx.stop();
        for (const upstream of upstreams) upstream.server.close();
      }
    },
  );
});
