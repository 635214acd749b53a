/**
 * `value` once it has stayed the same for `ms` milliseconds (search-as-you-type: the address, a
 * reference's options, the ФККО catalogue ask the server after a pause, not at every key).
 */
import { useEffect, useState } from 'react';

export function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}
