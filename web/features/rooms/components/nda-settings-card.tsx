import { FileText } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { MAX_NDA_TEXT_LENGTH, type NdaSettings } from '#shared/contracts/nda';
import { MarkdownView } from '#web/components/markdown/markdown-view';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { FieldError } from '#web/components/ui/field-error';
import { Input } from '#web/components/ui/input';
import { Label } from '#web/components/ui/label';
import { PageSpinner } from '#web/components/ui/spinner';
import { Switch } from '#web/components/ui/switch';
import { useMyDataRoom } from '#web/features/rooms/api/use-my-data-room';
import { useNdaSettings, useSaveNdaSettings } from '#web/features/rooms/api/use-nda-settings';
import { MAX_NDA_YEARS, mutualNdaText } from '#web/features/rooms/mutual-nda-template';
import { cn } from '#web/lib/cn';

const count = (value: number) => value.toLocaleString('en-US');

/**
 * The room's NDA before entry (docs/decisions/0045-nda-before-entry.md): when on, investors
 * accept the agreement (their full name and "I agree") before they see or download anything. The text is
 * markdown, previewed as investors will read it; saving a changed text asks everyone to accept again.
 */
export function NdaSettingsCard() {
  const settings = useNdaSettings();
  if (!settings.data) {
    return (
      <Card>
        <CardHeader>
          <CardTitle>NDA before entry</CardTitle>
        </CardHeader>
        <CardContent>
          {settings.isError ? (
            <p role="alert" className="text-sm text-red-700">
              {settings.error.message}
            </p>
          ) : (
            <PageSpinner label="Loading the NDA setting…" />
          )}
        </CardContent>
      </Card>
    );
  }
  return <NdaSettingsForm key={settings.data.version?.id ?? 'none'} saved={settings.data} />;
}

function NdaSettingsForm({ saved }: { saved: NdaSettings }) {
  // The switch and the text save apart, like every switch in Settings: the switch at once, the text
  // with its button (a half-typed agreement is not saved by flipping the switch).
  const saveSwitch = useSaveNdaSettings();
  const save = useSaveNdaSettings();
  const [text, setText] = useState(saved.text);
  const [serverError, setServerError] = useState<string | null>(null);
  const [switchError, setSwitchError] = useState<string | null>(null);
  const switchLabelId = useId();
  const switchErrorId = useId();
  const textId = useId();
  const errorId = useId();
  const countId = useId();
  const isOn = saveSwitch.isPending ? saveSwitch.variables.isRequired : saved.isRequired;

  const trimmed = text.trim();
  const tooLong = text.length > MAX_NDA_TEXT_LENGTH;
  const localError = tooLong
    ? `The agreement may have at most ${count(MAX_NDA_TEXT_LENGTH)} characters: remove ${count(text.length - MAX_NDA_TEXT_LENGTH)}.`
    : saved.isRequired && trimmed === ''
      ? 'Write the agreement investors must accept, or turn the NDA off.'
      : null;
  const error = localError ?? serverError;
  const unchanged = trimmed === saved.text;
  const textChanged = saved.version !== null && trimmed !== saved.text;

  const flip = () => {
    const isRequired = !saved.isRequired;
    if (isRequired && saved.text === '') {
      setSwitchError('Save the agreement first: investors need a text to accept before the NDA can be on.');
      return;
    }
    setSwitchError(null);
    saveSwitch.mutate(
      { isRequired, text: saved.text },
      {
        onSuccess: (result) =>
          result.isRequired
            ? toast.success('NDA on', {
                description: 'Investors accept it before they enter your data room.',
              })
            : toast.success('NDA off', { description: 'Investors enter your data room without an NDA.' }),
        onError: (failure) => {
          setSwitchError(failure.message);
          toast.error('Failed to change “Require an NDA”', { description: failure.message });
        },
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (localError) return;
    setServerError(null);
    setSwitchError(null);
    save.mutate(
      { isRequired: saved.isRequired, text: trimmed },
      {
        onSuccess: (result) =>
          toast.success('NDA saved', {
            description: result.isRequired
              ? 'Investors accept it before they enter your data room.'
              : 'Turn on “Require an NDA” when investors should accept it.',
          }),
        onError: (failure) => {
          setServerError(failure.message);
          toast.error('Failed to save the NDA', { description: failure.message });
        },
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>NDA before entry</CardTitle>
          <Badge variant={saved.isRequired ? 'success' : 'secondary'}>
            {saved.isRequired ? 'On' : 'Off'}
          </Badge>
        </div>
        <CardDescription>
          When on, each investor types their full name and ticks “I agree” before they see or download
          anything in your data room. You never have to accept it.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <div className="mb-4 flex flex-col gap-2">
          <div className="flex items-center justify-between gap-4">
            <span id={switchLabelId} className="font-medium text-slate-900">
              Require an NDA
            </span>
            <Switch
              checked={isOn}
              aria-labelledby={switchLabelId}
              aria-describedby={switchError ? switchErrorId : undefined}
              disabled={saveSwitch.isPending}
              onClick={flip}
            />
          </div>
          <FieldError id={switchErrorId} error={switchError} />
        </div>
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <div className="flex flex-col gap-2">
            <Label htmlFor={textId}>Agreement (markdown)</Label>
            <textarea
              id={textId}
              rows={10}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setServerError(null);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${countId}${error ? ` ${errorId}` : ''}`}
              placeholder={
                '# Non-disclosure agreement\n\nThe recipient keeps everything in this data room confidential…'
              }
              className="w-full rounded-md border border-slate-300 bg-white p-3 font-mono text-sm text-slate-900 placeholder:text-slate-400 focus-visible:border-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-indigo-600 aria-invalid:border-red-600"
            />
            <p id={countId} className={cn('text-xs', tooLong ? 'text-red-700' : 'text-slate-500')}>
              {count(text.length)} / {count(MAX_NDA_TEXT_LENGTH)} characters
            </p>
            {trimmed === '' && <TemplateFields onUse={setText} />}
            {error && (
              <p id={errorId} role="alert" className="text-sm text-red-700">
                {error}
              </p>
            )}
          </div>
          {trimmed !== '' && !tooLong && (
            <section
              aria-label="Preview of the agreement"
              className="rounded-md border border-slate-200 bg-slate-50 p-4"
            >
              <p className="mb-2 text-xs font-medium tracking-wide text-slate-500 uppercase">Preview</p>
              <MarkdownView text={trimmed} />
            </section>
          )}
          {saved.version && (
            <p className="text-sm text-slate-600">
              Current version <code className="font-mono text-xs">{saved.version.sha256.slice(0, 12)}</code>,
              accepted by {saved.acceptedCount} {saved.acceptedCount === 1 ? 'person' : 'people'}.
              {textChanged && ' Saving a changed text asks everyone to accept it again.'}
            </p>
          )}
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={save.isPending || unchanged}>
              {save.isPending ? 'Saving…' : 'Save NDA'}
            </Button>
            {!unchanged && !save.isPending && <span className="text-sm text-slate-600">Not saved yet</span>}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

/**
 * The mutual NDA template's blanks as fields (ADR 45): the company's name from the room, how long the
 * duties last (two years unless changed) and the governing law. "Use the mutual NDA template" writes the
 * filled text into the agreement, which the founder may still edit.
 */
function TemplateFields({ onUse }: { onUse: (text: string) => void }) {
  const room = useMyDataRoom();
  const [companyName, setCompanyName] = useState<string | null>(null);
  const [years, setYears] = useState('2');
  const [governingLaw, setGoverningLaw] = useState('');
  const id = useId();
  const shownCompany = companyName ?? room.data?.companyName ?? '';
  const yearsNumber = Number(years);
  const yearsError =
    Number.isInteger(yearsNumber) && yearsNumber >= 1 && yearsNumber <= MAX_NDA_YEARS
      ? null
      : `Choose from 1 to ${MAX_NDA_YEARS} years.`;
  const use = () => {
    if (yearsError) return;
    onUse(mutualNdaText({ companyName: shownCompany, years: yearsNumber, governingLaw }));
  };
  return (
    <fieldset className="flex flex-col gap-3 rounded-md border border-indigo-100 bg-indigo-50 p-3 text-sm text-indigo-950">
      <legend className="sr-only">Mutual NDA template</legend>
      <p>
        Start from a plain mutual NDA written for Roundroom: these fill its blanks, and you can edit anything
        after. It is a starting point, not legal advice.
      </p>
      <div className="grid gap-3 sm:grid-cols-[2fr_1fr_2fr]">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-company`}>Company, as the NDA names it</Label>
          <Input
            id={`${id}-company`}
            value={shownCompany}
            onChange={(event) => setCompanyName(event.target.value)}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-years`}>Confidential for (years)</Label>
          <Input
            id={`${id}-years`}
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_NDA_YEARS}
            value={years}
            aria-invalid={yearsError ? true : undefined}
            aria-describedby={yearsError ? `${id}-years-error` : undefined}
            onChange={(event) => setYears(event.target.value)}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={`${id}-law`}>Governing law</Label>
          <Input
            id={`${id}-law`}
            value={governingLaw}
            placeholder="England and Wales"
            onChange={(event) => setGoverningLaw(event.target.value)}
          />
        </div>
      </div>
      <FieldError id={`${id}-years-error`} error={yearsError} />
      {governingLaw.trim() === '' && (
        <p className="text-xs text-indigo-900">
          Left empty, the governing law stays “[country or state]” for you to fill in the text.
        </p>
      )}
      <div>
        <Button type="button" variant="outline" size="sm" disabled={yearsError !== null} onClick={use}>
          <FileText aria-hidden="true" />
          Use the mutual NDA template
        </Button>
      </div>
    </fieldset>
  );
}
