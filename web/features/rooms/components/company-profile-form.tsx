import { Save } from 'lucide-react';
import { type ReactNode, useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { FUNDING_STAGES, type MyDataRoom } from '#shared/contracts/rooms';
import { Button } from '#web/components/ui/button';
import { Input } from '#web/components/ui/input';
import { Label } from '#web/components/ui/label';
import { Select } from '#web/components/ui/select';
import type { CompanyProfile } from '#web/features/rooms/api/use-save-company-profile';
import {
  COMPANY_FIELD_LABELS,
  type CompanyField,
  type CompanyFormValues,
  companyFormSchema,
  fieldMessage,
  formValuesOf,
  hasUnsavedChanges,
  serverFieldError,
} from '#web/features/rooms/company-profile-values';
import { sentenceResolver } from '#web/lib/form-resolver';
import { useUnsavedChangesPrompt } from '#web/lib/unsaved-changes';

interface CompanyProfileFormProps {
  /** The saved room: the form starts from it, and 'unsaved' compares against it. */
  room: MyDataRoom;
  saving: boolean;
  /** The last save's failure; a 400 that names a field is shown beside that field. */
  saveError: Error | null;
  /**
   * Called only with a profile the shared schema accepts; resolves to the room as the server saved it
   * (a website typed `acme.com` comes back `https://acme.com`), or rejects when the save failed.
   */
  onSave: (profile: CompanyProfile) => Promise<MyDataRoom>;
  /** The founder changed a field: the last save's failure no longer describes the form. */
  onEdit?: () => void;
}

const controlClass =
  'w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 placeholder:text-slate-400 focus-visible:border-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-indigo-600 aria-invalid:border-red-600 sm:text-sm';

const resolver = sentenceResolver(companyFormSchema, fieldMessage);

/**
 * The Company tab's form (docs/product-rules.md#setup-data-room): name, funding stage, founded year, website
 * and description. It is checked in the browser with the server's own schema before anything is sent;
 * each problem, the browser's or the server's, is shown beside its field.
 */
export function CompanyProfileForm({ room, saving, saveError, onSave, onEdit }: CompanyProfileFormProps) {
  const form = useForm<CompanyFormValues, unknown, CompanyProfile>({
    defaultValues: formValuesOf(room),
    // A sections save can change the name, stage and description (ADR 38): the form follows the saved
    // profile, keeping what the founder has typed and not yet saved.
    values: formValuesOf(room),
    resetOptions: { keepDirtyValues: true },
    resolver,
    // A field's error stays until the founder changes that field (then it goes) or saves again.
    reValidateMode: 'onSubmit',
  });
  const { errors } = form.formState;
  const baseId = useId();
  const thisYear = new Date().getFullYear();
  useUnsavedChangesPrompt(hasUnsavedChanges(form.watch(), formValuesOf(room)));

  // The server refused a field the browser let through: shown until the founder edits, and focused.
  const fromServer = serverFieldError(saveError);
  const refusedField = fromServer?.field;
  useEffect(() => {
    if (refusedField) document.getElementById(`${baseId}-${refusedField}`)?.focus();
  }, [refusedField, baseId]);

  // The form then holds what the server saved, normalised values included, so a successful save leaves
  // nothing unsaved (keepDirtyValues above would keep the typed `acme.com` as an edit). A failure is
  // shown through `saveError`.
  const submit = form.handleSubmit((profile) => {
    if (saving) return;
    onSave(profile).then(
      // form.reset takes the form's resetOptions unless told otherwise: here no typed value is kept, and
      // keepFieldsRef writes the saved values into the mounted fields at once.
      (saved) => form.reset(formValuesOf(saved), { keepDirtyValues: false, keepFieldsRef: true }),
      () => {},
    );
  });

  /** One field's wiring: the form's registration, the label's target, and its error and hint. */
  const field = (name: CompanyField, hint?: string) => {
    const id = `${baseId}-${name}`;
    const error = errors[name]?.message ?? (fromServer?.field === name ? fromServer.message : undefined);
    const describedBy = [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ');
    return {
      wrapper: { id, label: COMPANY_FIELD_LABELS[name], hint, error },
      control: {
        ...form.register(name, {
          onChange: () => {
            form.clearErrors(name);
            onEdit?.();
          },
        }),
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      },
    };
  };

  const name = field('name');
  const stage = field('stage');
  const year = field('foundedYear', `A year from 1900 to ${thisYear}, or empty.`);
  const website = field('website', 'Such as acme.com; https:// is added for you.');
  const description = field('description');

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      <Field {...name.wrapper}>
        <Input {...name.control} autoComplete="organization" maxLength={200} placeholder="Acme Inc." />
      </Field>
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <Field {...stage.wrapper}>
          <Select {...stage.control} size="field" className="w-full min-w-0">
            {FUNDING_STAGES.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </Select>
        </Field>
        <Field {...year.wrapper}>
          <Input
            {...year.control}
            inputMode="numeric"
            autoComplete="off"
            placeholder={String(thisYear - 2)}
          />
        </Field>
      </div>
      <Field {...website.wrapper}>
        <Input
          {...website.control}
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder="https://acme.com"
        />
      </Field>
      <Field {...description.wrapper}>
        <textarea
          {...description.control}
          rows={5}
          maxLength={2000}
          placeholder="What you build, for whom, and why now."
          className={`${controlClass} resize-y py-2 leading-relaxed`}
        />
      </Field>
      <div>
        <Button type="submit" disabled={saving} className="w-full sm:w-auto">
          <Save aria-hidden="true" />
          {saving ? 'Saving...' : 'Save Company Info'}
        </Button>
      </div>
    </form>
  );
}

interface FieldProps {
  id: string;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  children: ReactNode;
}

/** A label, the control, then its error and its hint (both read with the control). */
function Field({ id, label, hint, error, children }: FieldProps) {
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
    </div>
  );
}
