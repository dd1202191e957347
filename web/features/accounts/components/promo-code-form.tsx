import { CircleCheck, LoaderCircle } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '#web/components/ui/button';
import { FieldError } from '#web/components/ui/field-error';
import { Input } from '#web/components/ui/input';
import { Label } from '#web/components/ui/label';
import { useValidatePromoCode } from '#web/features/accounts/api/use-validate-promo-code';
import { ApiRequestError } from '#web/lib/api-client';

interface PromoCodeFormProps {
  /** The code already applied (kept in sessionStorage), or null. */
  appliedCode: string | null;
  onApplied: (code: string) => void;
  onRemoved: () => void;
}

/** Checks a promo code with the server; once applied, the field locks until the visitor removes it. */
export function PromoCodeForm({ appliedCode, onApplied, onRemoved }: PromoCodeFormProps) {
  const [code, setCode] = useState(appliedCode ?? '');
  const validate = useValidatePromoCode();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const statusId = useId();
  const errorId = useId();
  // Beside the field as well as in the toast (docs/product-rules.md#messages): a toast vanishes and is not the only place an error is said.
  const [error, setError] = useState<string | null>(null);
  const applied = appliedCode !== null;
  const trimmed = code.trim();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!trimmed || applied || validate.isPending) return;
    setError(null);
    validate.mutate(
      { code: trimmed },
      {
        onSuccess: ({ valid }) => {
          if (valid) {
            onApplied(trimmed);
            toast.success('Promo code applied!', { description: 'Your account will be upgraded for free.' });
          } else {
            setError('Invalid promo code. Please check your code and try again.');
            toast.error('Invalid promo code', { description: 'Please check your code and try again.' });
          }
        },
        onError: (failure) => {
          // A code the server refuses to read (too long, say) is just as invalid as an unknown one.
          if (failure instanceof ApiRequestError && failure.status === 400) {
            setError('Invalid promo code. Please check your code and try again.');
            toast.error('Invalid promo code', { description: 'Please check your code and try again.' });
          } else if (failure instanceof ApiRequestError && failure.status === 429) {
            setError(`Failed to validate promo code. ${failure.message}`);
            toast.error('Failed to validate promo code.', { description: failure.message });
          } else {
            setError('Failed to validate promo code. Please try again in a moment.');
            toast.error('Failed to validate promo code.', { description: 'Please try again in a moment.' });
          }
        },
      },
    );
  };

  const remove = () => {
    setCode('');
    onRemoved();
    // The button that had focus is gone: keep keyboard users in the field.
    input.current?.focus();
  };

  return (
    <div className="flex flex-col gap-2">
      <form onSubmit={submit} className="flex flex-col gap-2">
        <Label htmlFor={inputId}>Promo code</Label>
        <div className="flex gap-2">
          <Input
            ref={input}
            id={inputId}
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              setError(null);
            }}
            readOnly={applied}
            maxLength={64}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="Enter your code"
            aria-invalid={error ? true : undefined}
            aria-describedby={applied ? statusId : error ? errorId : undefined}
            className="min-w-0 flex-1 font-mono uppercase placeholder:font-sans placeholder:normal-case read-only:bg-slate-50 read-only:text-slate-600"
          />
          <Button
            type="submit"
            variant="outline"
            size="field"
            className="shrink-0"
            disabled={!trimmed || applied || validate.isPending}
          >
            {validate.isPending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
            Apply
          </Button>
        </div>
      </form>
      <FieldError id={errorId} error={error} />
      {/* The toast announces the result; this line keeps it on the page. */}
      {applied && (
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
          <p id={statusId} className="flex items-center gap-2 text-sm text-emerald-700">
            <CircleCheck className="size-4 shrink-0" aria-hidden="true" />
            Applied: Pro is free for you.
          </p>
          <Button variant="link" size="inline" onClick={remove}>
            Remove code
          </Button>
        </div>
      )}
    </div>
  );
}
