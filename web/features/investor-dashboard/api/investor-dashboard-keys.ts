/** TanStack Query keys for the investor's dashboard (GET /api/my-accessible-data-rooms). */
export const investorDashboardKeys = {
  all: ['investor-dashboard'] as const,
  accessibleRooms: () => [...investorDashboardKeys.all, 'accessible-rooms'] as const,
};
