import type { RouteName } from '@app/shared/platform/routes';
import { createContext, useContext } from 'react';
import type { RouteEntry } from './route-meta';

export const RouteRegistryContext = createContext<Map<RouteName, RouteEntry>>(new Map());

export const useRouteRegistry = () => useContext(RouteRegistryContext);
