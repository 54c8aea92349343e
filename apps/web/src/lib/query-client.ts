import { QueryClient } from '@tanstack/react-query';
import { CACHE_TTL_MS } from '@app/domain';
import { ApiError } from './api-client';

/** Spec: data cached in memory 5 minutes per key; duplicate in-flight requests are merged. */
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: CACHE_TTL_MS,
        gcTime: CACHE_TTL_MS,
        refetchOnWindowFocus: false,
        // A 4xx is an answer, not a hiccup: retry only network failures and 5xx, once. A shed read
        // (503 with Retry-After) has had its tries already, each after the wait it was told.
        retry: (failures, error) =>
          failures < 1 &&
          (!(error instanceof ApiError) ||
            error.status === 0 ||
            (error.status >= 500 && !(error.status === 503 && error.retryAfterSeconds !== null))),
      },
    },
  });

/** The browser's one cache. A page the server renders gets its own (prerender/render.tsx). */
export const queryClient = createQueryClient();
