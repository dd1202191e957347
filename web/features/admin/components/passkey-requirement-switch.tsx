import { useId } from 'react';
import { toast } from 'sonner';
import { Switch } from '#web/components/ui/switch';
import { usePasskeyRequirement, useSavePasskeyRequirement } from '#web/features/admin/api/team-queries';

/**
 * The owner's "Require passkeys of co-founders" (docs/decisions/0093-security-notices-and-required-passkeys.md):
 * a co-founder without a passkey is signed out and asked to add one before the console opens again.
 */
export function PasskeyRequirementSwitch() {
  const requirement = usePasskeyRequirement();
  const save = useSavePasskeyRequirement();
  const labelId = useId();
  const explanationId = useId();
  if (!requirement.data) return null;
  const isOn = save.isPending ? save.variables : requirement.data.isRequiredOfCofounders;

  const flip = () =>
    save.mutate(!requirement.data.isRequiredOfCofounders, {
      onSuccess: (saved) =>
        toast.success(saved.isRequiredOfCofounders ? 'Passkeys required' : 'Passkeys optional', {
          description: saved.isRequiredOfCofounders
            ? 'Co-founders without a passkey add one at their next sign-in.'
            : 'Co-founders may sign in with the e-mail link alone.',
        }),
      onError: (error) => toast.error('Failed to change the setting', { description: error.message }),
    });

  return (
    <div className="flex items-start justify-between gap-4 rounded-lg border border-slate-200 p-4">
      <div className="flex min-w-0 flex-col gap-1">
        <span id={labelId} className="font-medium text-slate-900">
          Require passkeys of co-founders
        </span>
        <p id={explanationId} className="text-sm text-slate-600">
          The e-mail link alone then opens nothing: co-founders confirm each sign-in with a passkey. Those
          without one are signed out and add one before the console opens again.
        </p>
      </div>
      <Switch
        checked={isOn}
        aria-labelledby={labelId}
        aria-describedby={explanationId}
        disabled={save.isPending}
        onClick={flip}
      />
    </div>
  );
}
