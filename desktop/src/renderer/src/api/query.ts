import { QueryClient } from '@tanstack/react-query';

/** The specification's cache policy: data never goes stale by itself, no refetch on focus, no polling, no retries. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: Infinity, refetchOnWindowFocus: false, retry: false, refetchOnReconnect: false },
    mutations: { retry: false },
  },
});
