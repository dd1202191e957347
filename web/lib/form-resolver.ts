import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * react-hook-form's zod resolver for a flat form, with each field's reason turned into the sentence
 * shown beside it ('must be a valid e-mail address' becomes 'Email address must be a valid e-mail
 * address.'). The schema is the shared contract (or one that pipes into it), so the browser refuses
 * exactly what the server would.
 */
export function sentenceResolver<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
  sentence: (field: keyof Input & string, reason: string) => string,
): Resolver<Input, unknown, Output> {
  const resolve = zodResolver(schema) as unknown as Resolver<Input, unknown, Output>;
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    for (const [field, error] of Object.entries(result.errors)) {
      if (error && typeof error.message === 'string') error.message = sentence(field, error.message);
    }
    return result;
  };
}
