import { useEffect, useState } from 'react';

/** Whether the window matches a media query, as it changes (`fallback` where matchMedia is missing). */
export function useMediaQuery(query: string, fallback: boolean): boolean {
  const [matches, setMatches] = useState(() => window.matchMedia?.(query).matches ?? fallback);
  useEffect(() => {
    const list = window.matchMedia?.(query);
    if (!list) return;
    const onChange = () => setMatches(list.matches);
    onChange();
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, [query]);
  return matches;
}
