import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { MAX_NDA_TEXT_LENGTH, type NdaSettings } from '../../../../shared/contracts/nda';
import { MarkdownView } from '../../../components/markdown/markdown-view';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Label } from '../../../components/ui/label';
import { PageSpinner } from '../../../components/ui/spinner';
import { Switch } from '../../../components/ui/switch';
import { cn } from '../../../lib/cn';
import { useNdaSettings, useSaveNdaSettings } from '../api/use-nda-settings';

const count = (value: number) => value.toLocaleString('en-US');

/**
 * The room's NDA before entry (issue 12, docs/decisions/0045-nda-before-entry.md): when on, investors
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
  const save = useSaveNdaSettings();
  const [isRequired, setIsRequired] = useState(saved.isRequired);
  const [text, setText] = useState(saved.text);
  const [serverError, setServerError] = useState<string | null>(null);
  const switchLabelId = useId();
  const textId = useId();
  const errorId = useId();
  const countId = useId();

  const trimmed = text.trim();
  const tooLong = text.length > MAX_NDA_TEXT_LENGTH;
  const localError = tooLong
    ? `The agreement may have at most ${count(MAX_NDA_TEXT_LENGTH)} characters: remove ${count(text.length - MAX_NDA_TEXT_LENGTH)}.`
    : isRequired && trimmed === ''
      ? 'Write the agreement investors must accept before turning the NDA on.'
      : null;
  const error = localError ?? serverError;
  const unchanged = isRequired === saved.isRequired && trimmed === saved.text;
  const textChanged = saved.version !== null && trimmed !== saved.text;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (localError) return;
    setServerError(null);
    save.mutate(
      { isRequired, text: trimmed },
      {
        onSuccess: (result) =>
          toast.success('NDA saved', {
            description: result.isRequired
              ? 'Investors accept it before they enter your data room.'
              : 'Investors enter your data room without an NDA.',
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
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <div className="flex items-center justify-between gap-4">
            <span id={switchLabelId} className="font-medium text-slate-900">
              Require an NDA
            </span>
            <Switch
              checked={isRequired}
              aria-labelledby={switchLabelId}
              onClick={() => setIsRequired(!isRequired)}
            />
          </div>
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
