/** Opens the live connection when the application starts (spec 01 §4); renders nothing. */
import { useEffect } from 'react';
import { live } from './live';

export function LiveEffects() {
  useEffect(() => live.start(), []);
  return null;
}
