import { data, isRouteErrorResponse, type LoaderFunction, type RouteObject, useRouteError } from 'react-router';
import { NotFoundPage } from '../features/home/pages/NotFoundPage';
import { isIdParam, validIdParam } from '../platform/id-params';
import type { RouteMeta } from '../platform/route-meta';
import { RouteError } from './RouteError';

const idParamsOf = (path: string | undefined): string[] =>
  [...(path ?? '').matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] as string).filter(isIdParam);

/** The guarded route's error: the not-found page for an impossible id, the usual error screen for the rest. */
function IdRouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <RouteError />;
}

/**
 * Gives every route with an id param (`:articleId`, `:roleId`, …) a loader that answers an id that
 * cannot exist with the not-found page before the page (and its API calls) ever runs. A route whose
 * meta says `ownNotFound` shows its own not-found screen and is left alone.
 */
export function guardIdRoutes(routes: RouteObject[]): RouteObject[] {
  return routes.map((route): RouteObject => {
    const meta = route.handle as RouteMeta | undefined;
    const ids = meta?.ownNotFound ? [] : idParamsOf(route.path);
    if (route.index) return route;
    const children = route.children ? guardIdRoutes(route.children) : undefined;
    if (ids.length === 0) return { ...route, children };
    const own = route.loader;
    const loader: LoaderFunction = (args, handlerCtx) => {
      if (ids.some((name) => !validIdParam(args.params[name]))) throw data(null, { status: 404 });
      return typeof own === 'function' ? own(args, handlerCtx) : null;
    };
    return { ...route, children, loader, errorElement: route.errorElement ?? <IdRouteError /> };
  });
}
