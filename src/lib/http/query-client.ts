/**
 * The islands' one way to read from the API: TanStack Query over the one HTTP client (client.ts),
 * keyed by the factories in src/lib/areas/query-keys.ts. One QueryClient per page, shared by its
 * islands (a form's pickers, a table's filters, the search), so the same request is made once and
 * a mutation's invalidation reaches every island that shows the data.
 */
import { QueryClient, isServer } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

/**
 * On the server this module, and so this client, lives as long as the process and serves every
 * request: TanStack keeps a query forever there (gcTime Infinity during SSR) and prefers what it
 * holds to a later render's initialData, so a page rendered the list an earlier request had seen,
 * possibly another person's. A server-side query is dropped as soon as nothing observes it
 * (gcTime 0: the next turn of the event loop); the browser keeps its 5 minutes. The islands should
 * still get a QueryClient of their own per server render (see docs/decisions/029).
 */
export const islandQueryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: false, refetchOnWindowFocus: false, ...(isServer ? { gcTime: 0 } : {}) } },
});

/**
 * `value`, once it has stayed the same for `ms`: what is typed is sent when the typing pauses.
 * An empty value passes at once (opening a list, clearing a search ask straight away).
 */
export function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    if (value === '' || value === undefined) {
      setDebounced(value);
      return;
    }
    const t = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return debounced;
}
