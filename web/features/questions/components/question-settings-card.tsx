import { useId } from 'react';
import { toast } from 'sonner';
import { Badge } from '#web/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { Switch } from '#web/components/ui/switch';
import { useQuestionSettings, useSaveQuestionSettings } from '#web/features/questions/api/use-questions';

/**
 * The room's "Questions" switch (docs/product-rules.md#questions): on (the default), investors ask
 * under a document, about a section or about the room; off, nobody can ask, and what was published stays
 * readable. Saved as soon as it is flipped.
 */
export function QuestionSettingsCard() {
  const settings = useQuestionSettings();
  const save = useSaveQuestionSettings();
  const labelId = useId();
  const explanationId = useId();
  const isEnabled = settings.data?.isEnabled ?? true;
  const isOn = save.isPending ? save.variables : isEnabled;

  const flip = () =>
    save.mutate(!isEnabled, {
      onSuccess: (saved) =>
        saved.isEnabled
          ? toast.success('Questions on', { description: 'Investors can ask about any page they read.' })
          : toast.success('Questions off', {
              description: 'Investors can no longer ask. Published answers stay.',
            }),
      onError: (error) => toast.error('Failed to change “Questions”', { description: error.message }),
    });

  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>Questions</CardTitle>
          {settings.data && (
            <Badge variant={isEnabled ? 'success' : 'secondary'}>{isEnabled ? 'On' : 'Off'}</Badge>
          )}
        </div>
        <CardDescription id={explanationId}>
          {isEnabled
            ? 'Investors ask about a page, a section or the room. You answer in Investors, Questions: privately, or once for everyone.'
            : 'Investors cannot ask questions. The answers you published stay in the room.'}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <div className="flex items-center justify-between gap-4">
          <span id={labelId} className="font-medium text-slate-900">
            Questions
          </span>
          <Switch
            checked={isOn}
            aria-labelledby={labelId}
            aria-describedby={explanationId}
            disabled={!settings.data || save.isPending}
            onClick={flip}
          />
        </div>
        <p className="mt-3 text-sm text-slate-600">
          Each new question is e-mailed to you and your co-founders at once when Notifications sends first
          visits, or listed in the day’s e-mail with Daily digest.
        </p>
        {settings.isError && (
          <p className="mt-2 text-sm text-red-700">
            Could not load this setting. Reload the page to try again.
          </p>
        )}
      </CardContent>
    </Card>
  );
}
