/** TanStack Query keys for notifications: the founder's setting, "Notify investors", an unsubscribe link. */
export const notificationsKeys = {
  all: ['notifications'] as const,
  settings: () => [...notificationsKeys.all, 'settings'] as const,
  investorMessages: () => [...notificationsKeys.all, 'investor-messages'] as const,
  unsubscribe: (token: string) => [...notificationsKeys.all, 'unsubscribe', token] as const,
};
