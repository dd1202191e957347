import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const HASH_WAIT_MS = 3000;

/**
 * Every new navigation starts at the top of the page, or at the element its #hash names once the lazy
 * page has rendered it. Back and Forward (POP) leave the position to the browser. A page's `?tab=` is a
 * place of the console (docs/decisions/0058-one-console.md), so a new tab is a new page too; other query
 * parameters (a list's filters) keep the position.
 */
export function ScrollOnNavigate() {
  const { pathname, search, hash } = useLocation();
  const tab = new URLSearchParams(search).get('tab');
  const navigationType = useNavigationType();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new pathname or tab is a new page, so scroll again
  useEffect(() => {
    if (navigationType === 'POP' && !hash) return;
    if (!hash) {
      window.scrollTo(0, 0);
      return;
    }
    const id = decodeURIComponent(hash.slice(1));
    const target = document.getElementById(id);
    if (target) {
      target.scrollIntoView();
      return;
    }
    // The page's code may still be loading: watch the DOM until the anchor appears, for a while.
    const observer = new MutationObserver(() => {
      const element = document.getElementById(id);
      if (element) {
        observer.disconnect();
        element.scrollIntoView();
      }
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const timer = window.setTimeout(() => observer.disconnect(), HASH_WAIT_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [pathname, tab, hash, navigationType]);

  return null;
}
