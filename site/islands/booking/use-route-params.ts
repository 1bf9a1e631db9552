/**
 * A shell screen's path parameters (`shared/routes.ts`): one prebuilt page answers every concrete path, so
 * the island reads them from `location` once it runs in the browser. Null while rendering at build time and
 * on the first render, so the built HTML and the hydrated island agree.
 */
import { useEffect, useState } from 'react';
import { matchRoute } from '#shared/routes.ts';

export interface RouteLocation {
  params: Record<string, string>;
  query: URLSearchParams;
}

export function useRouteParams(): RouteLocation | null {
  const [current, setCurrent] = useState<RouteLocation | null>(null);
  useEffect(() => {
    setCurrent({ params: matchRoute(location.pathname)?.params ?? {}, query: new URLSearchParams(location.search) });
  }, []);
  return current;
}
