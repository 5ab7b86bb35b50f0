import { Navigate, type RouteObject } from 'react-router';

/** A signed-in person opening a guest route is sent home. */
export const guestRoutesRedirect: RouteObject = { path: '/auth/*', element: <Navigate to="/" replace /> };
