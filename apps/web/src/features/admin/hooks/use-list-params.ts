// A list screen's search, filters and page live in the URL, so a reload or a shared link shows the
// same list and the back button walks back through it. Changing a filter goes back to page 1.
import { readPage } from '../../../components/ui/pagination';
import { useSearchParams } from 'react-router';

/** The parameters that narrow a list (others, like the quiz a results list is for, name the list). */
const FILTERS = ['search', 'grade', 'term', 'active', 'status'];

export function useListParams() {
  const [params, setParams] = useSearchParams();
  const get = (name: string) => params.get(name) || undefined;
  return {
    params,
    get,
    page: readPage(params.get('page')),
    search: get('search'),
    /** Whether a search or filter is on (an empty list then means 'no matches'). */
    filtered: FILTERS.some((name) => params.get(name)),
    /** Sets (or clears, with '' or undefined) the given values and returns to page 1. */
    update: (values: Record<string, string | undefined>) => {
      const next = new URLSearchParams(params);
      for (const [name, value] of Object.entries(values)) {
        if (value) next.set(name, value);
        else next.delete(name);
      }
      next.delete('page');
      setParams(next);
    },
    /** The href of `page` with the other parameters kept. */
    pageHref: (page: number) => {
      const next = new URLSearchParams(params);
      if (page > 1) next.set('page', String(page));
      else next.delete('page');
      const text = next.toString();
      return { search: text ? `?${text}` : '' };
    },
  };
}

export type ListParams = ReturnType<typeof useListParams>;
