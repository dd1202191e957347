import { Eye } from 'lucide-react';
import { useId } from 'react';
import { toast } from 'sonner';
import { sectionKeyOf } from '#shared/sections-markdown';
import { useRoomGroups, useSetSectionVisibility } from '#web/features/groups/api/use-groups';

/**
 * "Visible to" under a section's name in the sections editor (docs/decisions/0068-investor-groups.md):
 * every group (the default), or the groups ticked. Saved at once, apart from the sections text; a
 * section not saved yet has no groups to choose until it is.
 */
export function SectionVisibility({ section }: { section: string }) {
  const groups = useRoomGroups();
  const save = useSetSectionVisibility();
  const summaryId = useId();
  if (!groups.data) return null;
  const saved = groups.data.sections.find(
    (candidate) => sectionKeyOf(candidate.name) === sectionKeyOf(section),
  );
  if (!saved) {
    return <p className="mt-1 text-xs text-slate-500">Save the sections to choose who sees this one.</p>;
  }
  const visibleTo = saved.visibleTo;
  const names = groups.data.groups
    .filter((group) => visibleTo?.includes(group.id))
    .map((group) => group.name);
  const summary = visibleTo === null ? 'All groups' : names.length === 0 ? 'No investors' : names.join(', ');
  const choose = (next: string[] | null) =>
    save.mutate({ section: saved.name, visibleTo: next }, { onError: (error) => toast.error(error.message) });
  const toggle = (groupId: string) => {
    const current = new Set(visibleTo ?? groups.data.groups.map((group) => group.id));
    if (current.has(groupId)) current.delete(groupId);
    else current.add(groupId);
    choose(groups.data.groups.filter((group) => current.has(group.id)).map((group) => group.id));
  };
  return (
    <details className="mt-1 text-sm">
      <summary id={summaryId} className="inline-flex cursor-pointer items-center gap-1 text-slate-600">
        <Eye aria-hidden="true" className="size-4" />
        Visible to: <span className="font-medium text-slate-900">{summary}</span>
      </summary>
      <fieldset aria-labelledby={summaryId} className="mt-2 flex flex-col gap-2 rounded-md bg-slate-50 p-3">
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={visibleTo === null}
            disabled={save.isPending}
            onChange={() => choose(visibleTo === null ? groups.data.groups.map((group) => group.id) : null)}
          />
          All groups, and groups added later
        </label>
        {groups.data.groups.map((group) => (
          <label key={group.id} className="flex items-center gap-2 pl-6">
            <input
              type="checkbox"
              checked={visibleTo === null || visibleTo.includes(group.id)}
              disabled={save.isPending}
              onChange={() => toggle(group.id)}
            />
            {group.name}
          </label>
        ))}
      </fieldset>
    </details>
  );
}
