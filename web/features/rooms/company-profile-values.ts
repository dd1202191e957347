import { z } from 'zod';
import {
  type CompanyProfileRequest,
  companyProfileRequestSchema,
  DEFAULT_FUNDING_STAGE,
  FUNDING_STAGES,
  type MyDataRoom,
} from '#shared/contracts/rooms';
import { ApiRequestError } from '#web/lib/api-client';

export type CompanyField = 'name' | 'stage' | 'foundedYear' | 'website' | 'description';

/** The company form as typed: every field a string until the shared schema has checked it. */
export type CompanyFormValues = Record<CompanyField, string>;

/** In the order of the form, so the first invalid field is the one to focus. */
export const COMPANY_FIELDS: readonly CompanyField[] = [
  'name',
  'stage',
  'foundedYear',
  'website',
  'description',
];

export const COMPANY_FIELD_LABELS: Record<CompanyField, string> = {
  name: 'Company name',
  stage: 'Funding stage',
  foundedYear: 'Founded year',
  website: 'Website',
  description: 'Description',
};

function isCompanyField(value: unknown): value is CompanyField {
  return typeof value === 'string' && (COMPANY_FIELDS as readonly string[]).includes(value);
}

/** The saved profile as the form shows it; a stage outside the list falls back to the default. */
export function formValuesOf(room: MyDataRoom): CompanyFormValues {
  const stage = (FUNDING_STAGES as readonly string[]).includes(room.stage)
    ? room.stage
    : DEFAULT_FUNDING_STAGE;
  return {
    name: room.companyName,
    stage,
    foundedYear: room.foundedYear === null ? '' : String(room.foundedYear),
    website: room.website,
    description: room.description,
  };
}

/** True when the form holds something the saved profile does not (surrounding spaces aside). */
export function hasUnsavedChanges(values: CompanyFormValues, saved: CompanyFormValues): boolean {
  return COMPANY_FIELDS.some((field) => values[field].trim() !== saved[field].trim());
}

/**
 * A reason from the schema or the server as a sentence beside its field: 'foundedYear: must be 1900 or
 * later' (the server's wording) becomes 'Founded year must be 1900 or later.'; a reason that is already
 * a sentence ('Company name is required') stands as it is.
 */
export function fieldMessage(field: CompanyField, reason: string): string {
  const bare = reason.replace(new RegExp(`^${field}: `), '').replace(/\.$/, '');
  return /^[A-Z]/.test(bare) ? `${bare}.` : `${COMPANY_FIELD_LABELS[field]} ${bare}.`;
}

/**
 * The form's values checked by the same zod schema the server applies to POST /api/data-rooms, so
 * nothing the server would refuse is sent. An empty year is no year (null); the website is taken
 * without spaces. Issues keep the field's name as their path, so each is shown beside its field.
 */
export const companyFormSchema = z
  .object({
    name: z.string(),
    stage: z.string(),
    foundedYear: z.string(),
    website: z.string(),
    description: z.string(),
  })
  .transform((values): CompanyProfileRequest => {
    const year = values.foundedYear.trim();
    return {
      name: values.name,
      // Typed as the contract's input; the pipe below is what checks it is one of the stages.
      stage: values.stage as CompanyProfileRequest['stage'],
      foundedYear: year === '' ? null : Number(year),
      website: values.website.trim(),
      description: values.description,
    };
  })
  .pipe(companyProfileRequestSchema);

/** The field a server 400 names (`{error, message, field}`), with its message, when it is one of ours. */
export function serverFieldError(error: unknown): { field: CompanyField; message: string } | null {
  if (!(error instanceof ApiRequestError) || error.status !== 400) return null;
  const body = error.body;
  if (typeof body !== 'object' || body === null || !('field' in body)) return null;
  const field = body.field;
  return isCompanyField(field) ? { field, message: fieldMessage(field, error.message) } : null;
}
