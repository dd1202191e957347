import { useEffect } from 'react';

const LEAVE_MESSAGE = 'You have unsaved changes. Leave this page and lose them?';

/** How many mounted editors hold unsaved changes right now. */
let dirtyEditors = 0;

/**
 * Asks before in-app navigation that would discard unsaved work; true when there is none or the
 * founder agrees to lose it. Controls that navigate by code (Logout) call it first.
 */
export function confirmDiscardUnsavedChanges(): boolean {
  return dirtyEditors === 0 || window.confirm(LEAVE_MESSAGE);
}

function onBeforeUnload(event: BeforeUnloadEvent) {
  event.preventDefault();
  // Older Chromium versions still need returnValue set to show the prompt.
  event.returnValue = '';
}

/** A click on an in-app link that would leave this page asks first. */
function onClick(event: MouseEvent) {
  if (event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const link = (event.target as Element | null)?.closest?.('a[href]');
  if (!(link instanceof HTMLAnchorElement)) return;
  if (link.target && link.target !== '_self') return; // A new tab leaves this page as it is.
  if (link.hasAttribute('download')) return;
  const destination = new URL(link.href, window.location.href);
  const here = window.location;
  if (destination.origin !== here.origin) return; // The browser's beforeunload prompt covers it.
  // Another tab of the same page (`?tab=`, a place of the console) keeps every panel and its edits mounted.
  if (destination.pathname === here.pathname) return;
  if (!confirmDiscardUnsavedChanges()) {
    event.preventDefault();
    event.stopPropagation();
  }
}

/**
 * While `dirty`, leaving asks first: closing or reloading the tab (the browser's own prompt) and
 * following an in-app link. React Router's useBlocker needs the data router, which this app does not
 * use (docs/decisions/0006-landing-bundle.md), so links are caught at the document in the capture
 * phase, before the router's own handler sees the click. However many editors are dirty, there is
 * one pair of listeners and so one question.
 */
export function useUnsavedChangesPrompt(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    if (dirtyEditors++ === 0) {
      window.addEventListener('beforeunload', onBeforeUnload);
      document.addEventListener('click', onClick, true);
    }
    return () => {
      if (--dirtyEditors === 0) {
        window.removeEventListener('beforeunload', onBeforeUnload);
        document.removeEventListener('click', onClick, true);
      }
    };
  }, [dirty]);
}
