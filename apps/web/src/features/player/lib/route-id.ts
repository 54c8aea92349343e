import { parseIndexParam } from '@app/domain';

/** A positive id from a route segment, or null for anything else ('abc', '0', '1.5'). */
export function parseRouteId(raw: string | undefined): number | null {
  const id = parseIndexParam(raw);
  return id !== null && id > 0 ? id : null;
}
