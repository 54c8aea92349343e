import { useParams } from 'react-router';

/** A positive whole-number route parameter, or null when the URL names nothing. */
export function useIdParam(name: string): number | null {
  const value = Number(useParams()[name]);
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}
