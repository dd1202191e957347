import { useId } from 'react';
import { Label } from '#web/components/ui/label';
import { Select } from '#web/components/ui/select';
import { useRoomGroups } from '#web/features/groups/api/use-groups';

/**
 * The group an invitation puts its investors in (ADR 68), for the invite forms. A room with one group
 * has nothing to choose, so the field is not shown; '' is the room's default group ("All investors").
 */
export function GroupChoice({
  value,
  onChange,
  disabled,
}: {
  value: string;
  onChange: (groupId: string) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const hintId = useId();
  const groups = useRoomGroups().data?.groups ?? [];
  if (groups.length < 2) return null;
  const defaultGroup = groups.find((group) => group.isDefault);
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>Group</Label>
      <Select
        id={id}
        value={value || defaultGroup?.id || ''}
        disabled={disabled}
        aria-describedby={hintId}
        onChange={(event) => onChange(event.target.value === defaultGroup?.id ? '' : event.target.value)}
      >
        {groups.map((group) => (
          <option key={group.id} value={group.id}>
            {group.name}
          </option>
        ))}
      </Select>
      <p id={hintId} className="text-xs text-slate-500">
        They read the sections shown to this group; you can move them to another later.
      </p>
    </div>
  );
}
