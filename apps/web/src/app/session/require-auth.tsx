/**
 * Route guard: anonymous visitors go to `/auth/?h=<path>` (spec 01 §6). With `fresh`, the page
 * waits for the profile from the server; otherwise it opens with the stored one.
 */
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useMeQuery } from '../../api/hooks';
import { ErrorState, LoadingState } from '../states';
import { authPath } from './redirect';
import { useSession } from './use-session';

export function RequireAuth({ children, fresh = false }: { children: ReactNode; fresh?: boolean }) {
  const { signedIn, me } = useSession();
  const location = useLocation();
  const meQuery = useMeQuery(signedIn);
  if (!signedIn) return <Navigate to={authPath(`${location.pathname}${location.search}${location.hash}`)} replace />;
  if (fresh || !me) {
    if (meQuery.isPending) return <LoadingState text="Загрузка профиля…" />;
    if (meQuery.isError) return <ErrorState error={meQuery.error} onRetry={() => void meQuery.refetch()} title="Не удалось загрузить профиль" />;
  }
  return children;
}
