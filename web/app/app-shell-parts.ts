import { lazy } from 'react';
import type { AppShellParts } from '#web/components/app/app-shell';
import { useCurrentUser, useLogout } from '#web/features/auth/api/auth-hooks';

/**
 * What the signed-in pages' shell takes from the features (web/components/app/app-shell.tsx), provided
 * by the app-providers layout. The console's checklist loads with the first console page that shows it,
 * not with every page under that layout.
 */
export const appShellParts: AppShellParts = {
  useCurrentUser,
  useLogout,
  ConsoleChecklist: lazy(() =>
    import('#web/app/first-visit-checklist-card').then((m) => ({ default: m.FirstVisitChecklistCard })),
  ),
};
