import { Eye } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { useRoomGroups } from '#web/features/groups/api/use-groups';
import { GroupsPanel } from './groups-panel';
import { SectionVisibility } from './section-visibility';

/**
 * The room's groups and who sees each section, as one thing (docs/decisions/0068-investor-groups.md):
 * the console shows it under Room (Groups & visibility) and under Investors (Investors & NDAs), so a
 * founder finds "Visible to" beside the groups it chooses from, wherever they look first
 * (docs/decisions/0058-one-console.md).
 */
export function GroupsAndVisibility() {
  return (
    <div className="flex flex-col gap-8">
      <GroupsPanel />
      <SectionsVisibilityCard />
    </div>
  );
}

function SectionsVisibilityCard() {
  const groups = useRoomGroups();
  const sections = groups.data?.sections ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Eye aria-hidden="true" className="size-5 text-indigo-600" />
          Who sees each section
        </CardTitle>
        <CardDescription>
          Every group sees a section until you choose some; a section hidden from a group is not there for
          them.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {groups.data && sections.length === 0 ? (
          <p className="text-sm text-slate-600">Your sections appear here once you have saved some.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-slate-100">
            {sections.map((section) => (
              <li key={section.name} className="py-3 first:pt-0 last:pb-0">
                <p className="break-words font-medium text-slate-900">{section.name}</p>
                <SectionVisibility section={section.name} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
