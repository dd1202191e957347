import { useEffect, useState } from 'react';

/** As the reader types, a search waits this long after the last key before it is asked. */
export const SEARCH_DEBOUNCE_MS = 250;

/** The value, once it has stayed the same for `delay` ms; an empty value at once (a cleared box empties now). */
export function useDebouncedValue(value: string, delay = SEARCH_DEBOUNCE_MS): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (value === '') {
      setSettled('');
      return;
    }
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
