// `npm run worker` as a child process the multi-process tests can start with `node`: it loads the
// TypeScript entry point through tsx, as the npm script does.
import { register } from 'tsx/esm/api';

register();
await import('../../src/worker.ts');
