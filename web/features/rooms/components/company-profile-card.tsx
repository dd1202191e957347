import { toast } from 'sonner';
import type { MyDataRoom } from '#shared/contracts/rooms';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { useSaveCompanyProfile } from '#web/features/rooms/api/use-save-company-profile';
import { CompanyProfileForm } from './company-profile-form';

/** The Company tab: the profile form, saved with the setup page's toasts (docs/product-rules.md#messages). */
export function CompanyProfileCard({ room }: { room: MyDataRoom }) {
  const save = useSaveCompanyProfile();
  return (
    <Card className="max-w-3xl">
      <CardHeader>
        <CardTitle>Company</CardTitle>
        <CardDescription>What investors read first on your data room and on their dashboard.</CardDescription>
      </CardHeader>
      <CardContent>
        <CompanyProfileForm
          room={room}
          saving={save.isPending}
          saveError={save.error}
          onEdit={() => {
            if (save.error) save.reset();
          }}
          onSave={(profile) =>
            save.mutateAsync(profile, {
              onSuccess: () => toast.success('Data room created successfully'),
              onError: (error) => toast.error('Failed to create data room', { description: error.message }),
            })
          }
        />
      </CardContent>
    </Card>
  );
}
