import type { PublicManagedRoom, PublicUser } from '#shared/contracts/auth';
import type { User } from './users.repository';

/** The user as the API shows it to that same user: no plan, no login history. */
export function toPublicUser(
  user: User,
  managedRoom: PublicManagedRoom,
  onlyRoomId: string | null,
): PublicUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    isActive: user.isActive,
    createdAt: user.createdAt.toISOString(),
    managedRoom,
    onlyRoomId,
  };
}
