import { AdminInvestorsPage as InvestorsPage } from '#web/features/admin/pages/admin-investors-page';
import { GroupsPanel } from '#web/features/groups/components/groups-panel';
import { ShareLinksPanel } from '#web/features/share-links/components/share-links-panel';

/**
 * /admin/investors: the admin feature's Investors place with the groups feature's panel (investors by
 * group, docs/decisions/0068-investor-groups.md) and the share links of those groups
 * (docs/decisions/0071-share-links.md), composed here as features use each other only through their
 * api folders.
 */
export function AdminInvestorsPage() {
  return (
    <InvestorsPage
      groups={
        <>
          <GroupsPanel />
          <ShareLinksPanel />
        </>
      }
    />
  );
}
