/**
 * What a sign-out does in the app (spec 01 §4): the react-query cache is dropped and the user
 * goes to the sign-in screen with the page they were on as `h`. Also wires wake-up checks.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { authPath } from './redirect';
import { session, watchSessionEvents } from './session';

export function SessionEffects() {
  const navigate = useNavigate();
  const location = useLocation();
  const qc = useQueryClient();
  const here = useRef('');
  here.current = `${location.pathname}${location.search}${location.hash}`;

  useEffect(() => watchSessionEvents(), []);

  useEffect(
    () =>
      session.onSignOut(() => {
        qc.cancelQueries();
        qc.clear();
        if (!here.current.startsWith('/auth')) navigate(authPath(here.current), { replace: true });
      }),
    [navigate, qc],
  );
  return null;
}
