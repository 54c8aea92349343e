// A process that only runs transcoding jobs from the embedded queue, with a short lease (first
// argument, ms), for the tests that kill one mid-transcode. Plain JavaScript so that the
// multi-process helpers can start it with `node`; it loads the TypeScript through tsx.
import { register } from 'tsx/esm/api';

register();
const { runVideoJobs } = await import('./video-runner-main.ts');
await runVideoJobs(Number(process.argv[2] ?? 3000));
