import { Eye, Plus, Users } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import type { InvestorGroup, RoomGroups } from '#shared/contracts/groups';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog';
import { Input } from '#web/components/ui/input';
import { Label } from '#web/components/ui/label';
import { Select } from '#web/components/ui/select';
import { PageSpinner } from '#web/components/ui/spinner';
import { Switch } from '#web/components/ui/switch';
import {
  useCreateGroup,
  useMoveInvestor,
  useRemoveGroup,
  useRoomGroups,
  useSetInvestorAccess,
  useUpdateGroup,
} from '#web/features/groups/api/use-groups';
import { formatDate } from '#web/lib/format';

/** "Extend" gives an investor whose access ended, or is about to, this many more days from today. */
const EXTEND_BY_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

type Investor = RoomGroups['investors'][number];

/**
 * Investors by group, in the console's Investors place (docs/decisions/0068-investor-groups.md): add,
 * rename and remove groups, make one view-only, move people between groups, and end or extend each
 * person's access.
 */
export function GroupsPanel() {
  const groups = useRoomGroups();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Users aria-hidden="true" className="size-5 text-indigo-600" />
          Groups
        </CardTitle>
        <CardDescription>
          Every investor is in one group. Choose which groups see each section under “Who sees each section”.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {groups.data ? (
          <>
            <AddGroupForm />
            {groups.data.groups.map((group) => (
              <GroupCard
                key={group.id}
                group={group}
                groups={groups.data.groups}
                investors={groups.data.investors.filter((investor) => investor.groupId === group.id)}
              />
            ))}
          </>
        ) : groups.isError ? (
          <p className="text-sm text-red-700">Could not load the groups. Reload the page to try again.</p>
        ) : (
          <PageSpinner label="Loading..." showLabel />
        )}
      </CardContent>
    </Card>
  );
}

function AddGroupForm() {
  const create = useCreateGroup();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const nameId = useId();
  const problemId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return setProblem('Name the group, such as “Diligence”.');
    setProblem(null);
    create.mutate(
      { name: name.trim() },
      {
        onSuccess: (group) => {
          setName('');
          toast.success(`Group “${group.name}” added`);
        },
        onError: (error) => setProblem(error.message),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-2">
      <Label htmlFor={nameId}>New group</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={nameId}
          value={name}
          maxLength={80}
          placeholder="Diligence"
          onChange={(event) => setName(event.target.value)}
          aria-describedby={problem ? problemId : undefined}
          aria-invalid={problem ? true : undefined}
        />
        <Button type="submit" disabled={create.isPending} className="sm:w-auto">
          <Plus aria-hidden="true" />
          Add group
        </Button>
      </div>
      {problem && (
        <p id={problemId} role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
    </form>
  );
}

function GroupCard({
  group,
  groups,
  investors,
}: {
  group: InvestorGroup;
  groups: readonly InvestorGroup[];
  investors: readonly Investor[];
}) {
  const update = useUpdateGroup();
  const remove = useRemoveGroup();
  const [renaming, setRenaming] = useState<string | null>(null);
  const [confirmingRemove, setConfirmingRemove] = useState(false);
  const viewOnlyId = useId();
  const rename = (event: FormEvent) => {
    event.preventDefault();
    if (renaming === null || renaming.trim() === '') return;
    update.mutate(
      { id: group.id, name: renaming.trim() },
      { onSuccess: () => setRenaming(null), onError: (error) => toast.error(error.message) },
    );
  };
  return (
    <section aria-label={group.name} className="rounded-lg border border-slate-200 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        {renaming === null ? (
          <h3 className="flex flex-wrap items-center gap-2 text-base font-semibold text-slate-900">
            <span className="wrap-anywhere">{group.name}</span>
            <Badge variant="secondary">
              {investors.length} {investors.length === 1 ? 'investor' : 'investors'}
            </Badge>
            {group.isViewOnly && (
              <Badge variant="info">
                <Eye aria-hidden="true" className="size-3" />
                View only
              </Badge>
            )}
          </h3>
        ) : (
          <form onSubmit={rename} className="flex w-full flex-col gap-2 sm:flex-row">
            <Input
              aria-label={`New name for ${group.name}`}
              value={renaming}
              maxLength={80}
              onChange={(event) => setRenaming(event.target.value)}
            />
            <div className="flex gap-2">
              <Button type="submit" size="sm" disabled={update.isPending}>
                Save
              </Button>
              <Button type="button" size="sm" variant="outline" onClick={() => setRenaming(null)}>
                Cancel
              </Button>
            </div>
          </form>
        )}
        {!group.isDefault && renaming === null && (
          <div className="flex gap-2">
            <Button size="sm" variant="outline" onClick={() => setRenaming(group.name)}>
              Rename
            </Button>
            <Button size="sm" variant="outline" onClick={() => setConfirmingRemove(true)}>
              Remove
            </Button>
          </div>
        )}
      </div>
      <div className="mt-3 flex items-center gap-3">
        <Switch
          checked={group.isViewOnly}
          aria-labelledby={viewOnlyId}
          disabled={update.isPending}
          onClick={() => update.mutate({ id: group.id, isViewOnly: !group.isViewOnly })}
        />
        <span id={viewOnlyId} className="text-sm text-slate-700">
          View only: read in the viewer, no downloads
        </span>
      </div>
      {investors.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">No investor in this group yet.</p>
      ) : (
        <ul className="mt-3 flex flex-col divide-y divide-slate-100">
          {investors.map((investor) => (
            <InvestorRow key={investor.email} investor={investor} groups={groups} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirmingRemove}
        title={`Remove “${group.name}”?`}
        description="Its investors move to “All investors”. Sections shown only to this group are then shown to no investor until you choose again."
        confirmLabel="Remove group"
        busy={remove.isPending}
        onCancel={() => setConfirmingRemove(false)}
        onConfirm={() =>
          remove.mutate(group.id, {
            onSuccess: () => {
              setConfirmingRemove(false);
              toast.success(`Group “${group.name}” removed`);
            },
            onError: (error) => toast.error(error.message),
          })
        }
      />
    </section>
  );
}

function InvestorRow({ investor, groups }: { investor: Investor; groups: readonly InvestorGroup[] }) {
  const move = useMoveInvestor();
  const access = useSetInvestorAccess();
  const moveId = useId();
  const endId = useId();
  const endsAt = investor.accessExpiresAt;
  const expired = endsAt !== null && new Date(endsAt).getTime() <= Date.now();
  const setEnd = (accessExpiresAt: string | null) =>
    access.mutate(
      { email: investor.email, accessExpiresAt },
      { onError: (error) => toast.error(error.message) },
    );
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-900 wrap-anywhere">{investor.email}</p>
        <p className="flex flex-wrap items-center gap-2 text-xs text-slate-500">
          {expired ? (
            <Badge variant="warning">expired</Badge>
          ) : endsAt ? (
            <span>Access until {formatDate(endsAt)}</span>
          ) : (
            <span>No end date</span>
          )}
        </p>
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex flex-col gap-1">
          <label htmlFor={moveId} className="text-xs font-medium text-slate-600">
            Group
          </label>
          <Select
            id={moveId}
            size="sm"
            value={investor.groupId}
            disabled={move.isPending}
            onChange={(event) =>
              move.mutate(
                { email: investor.email, groupId: event.target.value },
                { onError: (error) => toast.error(error.message) },
              )
            }
          >
            {groups.map((group) => (
              <option key={group.id} value={group.id}>
                {group.name}
              </option>
            ))}
          </Select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={endId} className="text-xs font-medium text-slate-600">
            Access ends
          </label>
          <input
            id={endId}
            type="date"
            className="h-9 rounded-md border border-slate-300 bg-white px-2 text-sm"
            value={endsAt ? endsAt.slice(0, 10) : ''}
            disabled={access.isPending}
            onChange={(event) =>
              setEnd(event.target.value ? new Date(`${event.target.value}T23:59:59Z`).toISOString() : null)
            }
          />
        </div>
        {endsAt ? (
          <Button
            size="sm"
            variant="outline"
            className="h-9"
            disabled={access.isPending}
            onClick={() => setEnd(new Date(Date.now() + EXTEND_BY_DAYS * DAY_MS).toISOString())}
          >
            Extend
          </Button>
        ) : null}
      </div>
    </li>
  );
}
