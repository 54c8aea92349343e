import { paths } from '../../../config/paths';

/**
 * Where to go after logging in: the 'from' path (query parameter or navigation state) when it is a
 * path on this site, else home. Anything else ('//evil.example', 'https://…') is ignored so a crafted
 * link cannot send a fresh login to another site.
 */
export function redirectTarget(...candidates: unknown[]): string {
  for (const from of candidates) {
    if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\'))
      continue;
    if (from === paths.login.path || from.startsWith(`${paths.login.path}?`)) continue;
    return from;
  }
  return paths.home.getHref();
}
