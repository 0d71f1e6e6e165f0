/**
 * The islands' one way to read from the API: TanStack Query over the one HTTP client (client.ts),
 * keyed by the factories in src/lib/areas/query-keys.ts. One QueryClient per page, shared by its
 * islands (a form's pickers, a table's filters, the search), so the same request is made once and
 * a mutation's invalidation reaches every island that shows the data.
 */
import { QueryClient, isServer } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

function newQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: false, refetchOnWindowFocus: false } } });
}

/** The page's one client in the browser, shared by its islands. */
const browserClient = isServer ? null : newQueryClient();

/**
 * The QueryClient an island reads through. In the browser, the page's one client. On the server, a
 * new one for each render: a client that outlived the render would serve the next request (another
 * person's, or the same person's before a change) what it holds in preference to that render's
 * initialData, and a list could be drawn with someone else's rows.
 */
export function useIslandQueryClient(): QueryClient {
  const [renderClient] = useState(() => browserClient ?? newQueryClient());
  return renderClient;
}

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
