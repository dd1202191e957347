import { AdminInvestorsPage as InvestorsPage } from '#web/features/admin/pages/admin-investors-page';
import { GroupsAndVisibility } from '#web/features/groups/components/groups-and-visibility';
import { ShareLinksPanel } from '#web/features/share-links/components/share-links-panel';

/**
 * /admin/investors: the admin feature's Investors place with the groups feature's groups and who sees
 * each section (docs/decisions/0068-investor-groups.md; the same component is Room's Groups &
 * visibility) and the share links of those groups (docs/decisions/0071-share-links.md), composed here
 * as features use each other only through their api folders.
 */
export function AdminInvestorsPage() {
  return (
    <InvestorsPage
      groups={
        <>
          <GroupsAndVisibility />
          <ShareLinksPanel />
        </>
      }
    />
  );
}
