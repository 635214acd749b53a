/**
 * List options in the URL hash as React state. A list opened without them gets its defaults
 * written into the hash (spec 01 §2: `#page=1&ordering=location`). Changes replace the history
 * entry, so filtering does not fill the back button.
 */
import { useCallback, useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { lacksDefaults, parseHash, serialiseHash, withDefaults, type HashOptions } from './hash-options';

export function useHashOptions(defaults: HashOptions): [HashOptions, (next: HashOptions) => void] {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const parsed = useMemo(() => parseHash(hash), [hash]);
  const options = useMemo(() => withDefaults(parsed, defaults), [parsed, defaults]);
  const missing = lacksDefaults(parsed, defaults);

  useEffect(() => {
    if (missing) navigate({ pathname, search, hash: serialiseHash(options) }, { replace: true });
  }, [missing, navigate, pathname, search, options]);

  const setOptions = useCallback(
    (next: HashOptions) => navigate({ pathname, search, hash: serialiseHash(next) }, { replace: true }),
    [navigate, pathname, search],
  );
  return [options, setOptions];
}
