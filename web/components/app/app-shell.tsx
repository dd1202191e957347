import type { UseMutationResult } from '@tanstack/react-query';
import { type ComponentType, createContext, useContext } from 'react';
import type { PublicUser } from '#shared/contracts/auth';

/**
 * What the signed-in pages' shell (AppPage, AppHeader) needs from the features: who is signed in, the
 * logout, and the console's first-visit checklist. web/app, which composes the features, hands them down;
 * web/components imports no feature (docs/decisions/0064-import-boundaries-by-path.md). Hooks rather than
 * values, so that only a page showing the shell asks who is signed in.
 */
export interface AppShellParts {
  useCurrentUser: () => { data: PublicUser | null | undefined };
  useLogout: () => Pick<UseMutationResult<unknown, Error, void>, 'mutate' | 'isPending'>;
  ConsoleChecklist: ComponentType;
}

export const AppShellContext = createContext<AppShellParts | null>(null);

export function useAppShell(): AppShellParts {
  const parts = useContext(AppShellContext);
  if (!parts) throw new Error('AppPage and AppHeader render inside AppShellContext (web/app provides it).');
  return parts;
}
