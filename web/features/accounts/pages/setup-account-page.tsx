import { CircleAlert, Gift } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { type AccountSetupRequest, accountSetupRequestSchema } from '../../../../shared/contracts/accounts';
import { href } from '../../../../shared/routes';
import { PublicPage } from '../../../components/site/public-page';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { ApiRequestError } from '../../../lib/api-client';
import { accountExistsIn, useCreateAccount } from '../api/use-create-account';
import { AccountExistsOffer } from '../components/account-exists-offer';
import { FormField } from '../components/form-field';
import { clearPromoCode, readPromoCode } from '../promo-code-store';

type Field = keyof AccountSetupRequest;
type FieldErrors = Partial<Record<Field, string>>;

const FIELDS: readonly Field[] = ['name', 'email', 'companyName'];
const LABELS: Record<Field, string> = {
  name: 'Full name',
  email: 'Email address',
  companyName: 'Company name',
};

function isField(value: unknown): value is Field {
  return typeof value === 'string' && (FIELDS as readonly string[]).includes(value);
}

/** 'email: must be a valid e-mail address' (the server's wording) becomes 'Email address must be ….' */
function fieldMessage(field: Field, reason: string): string {
  return `${LABELS[field]} ${reason.replace(new RegExp(`^${field}: `), '')}.`;
}

function fieldOf(error: ApiRequestError): string | undefined {
  const body = error.body;
  if (typeof body !== 'object' || body === null || !('field' in body)) return undefined;
  return typeof body.field === 'string' ? body.field : undefined;
}

/**
 * /setup-account: a founder creates their account and data room, then lands on /configure.
 * With ?promo=true and a code applied on /checkout (sessionStorage), the free upgrade is applied.
 */
export function SetupAccountPage() {
  const [searchParams] = useSearchParams();
  const wantsPromo = searchParams.get('promo') === 'true';
  const [promoCode, setPromoCode] = useState<string | null>(readPromoCode);
  const promoFlow = wantsPromo && promoCode !== null;

  const [values, setValues] = useState<AccountSetupRequest>({ name: '', email: '', companyName: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  /** The address the server said already has an account: offered a sign-in link until it changes. */
  const [existingAccount, setExistingAccount] = useState<string | null>(null);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  const createAccount = useCreateAccount();
  const navigate = useNavigate();

  // Spec section 8 (Promo): arriving with an accepted code. Once, even when effects run twice.
  const promoToastShown = useRef(false);
  useEffect(() => {
    if (!promoFlow || promoToastShown.current) return;
    promoToastShown.current = true;
    toast.success('Promo code accepted!', { description: 'Please complete your account setup.' });
  }, [promoFlow]);

  const showErrors = (next: FieldErrors) => {
    setErrors(next);
    const first = FIELDS.find((field) => next[field]);
    if (first) inputs.current[first]?.focus();
  };

  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _, ...rest }) => rest);
    if (field === 'email') setExistingAccount(null);
  };

  const fail = (error: unknown, email: string) => {
    if (accountExistsIn(error)) {
      toast.info('Account already exists', {
        description: 'An account already exists with this email. We can send you a sign-in link.',
      });
      setExistingAccount(email);
      return;
    }
    if (!(error instanceof ApiRequestError)) {
      toast.error('Failed to create account.');
      return;
    }
    const field = fieldOf(error);
    if (field === 'promoCode') {
      // The code stopped being valid since checkout: drop it and offer the way back.
      clearPromoCode();
      setPromoCode(null);
    } else if (error.status === 400 && isField(field)) {
      showErrors({ [field]: fieldMessage(field, error.message) });
    }
    toast.error(error.message || 'Failed to create account.');
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (createAccount.isPending) return;
    const missing = FIELDS.filter((field) => !values[field].trim());
    if (missing.length > 0) {
      showErrors(Object.fromEntries(missing.map((field) => [field, `${LABELS[field]} is required.`])));
      toast.error('Missing information', { description: 'Please fill in all fields.' });
      return;
    }
    const parsed = accountSetupRequestSchema.safeParse(values);
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (isField(field) && !next[field]) next[field] = fieldMessage(field, issue.message);
      }
      showErrors(next);
      return;
    }
    const account = parsed.data;
    createAccount.mutate(promoFlow ? { ...account, promoCode } : account, {
      onSuccess: () => {
        toast.success('Account created!', {
          description: 'Welcome to Roundroom. Let’s set up your data room.',
        });
        navigate(href('configure'));
      },
      onError: (error) => fail(error, account.email),
    });
  };

  return (
    <PublicPage title="Create your account">
      <div className="mx-auto flex max-w-md flex-col px-4 py-10 sm:py-16">
        <Card>
          <CardHeader>
            <h1 className="text-2xl font-semibold leading-tight text-slate-900">Create your account</h1>
            <CardDescription>
              Set up your founder account and data room. You can add your company details, sections and
              documents next.
            </CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-5">
            {promoFlow && (
              <div className="flex gap-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900">
                <Gift className="mt-0.5 size-5 shrink-0 text-emerald-600" aria-hidden="true" />
                <p>
                  <strong className="font-semibold">Promo code accepted!</strong> Please complete your account
                  setup: your free upgrade to Pro will be applied.
                </p>
              </div>
            )}
            {wantsPromo && !promoFlow && (
              <div className="flex gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950">
                <CircleAlert className="mt-0.5 size-5 shrink-0 text-amber-600" aria-hidden="true" />
                <p>
                  <strong className="font-semibold">No promo code applied.</strong> Your account will be
                  created on the regular Pro plan.{' '}
                  <Link to={href('checkout')} className="font-medium underline underline-offset-2">
                    Apply a promo code at checkout
                  </Link>{' '}
                  to get it for free.
                </p>
              </div>
            )}
            <form onSubmit={submit} noValidate className="flex flex-col gap-4">
              <FormField
                ref={(node) => {
                  inputs.current.name = node;
                }}
                label={LABELS.name}
                autoComplete="name"
                maxLength={100}
                placeholder="Ada Lovelace"
                value={values.name}
                onChange={(event) => change('name', event.target.value)}
                error={errors.name}
              />
              <FormField
                ref={(node) => {
                  inputs.current.email = node;
                }}
                label={LABELS.email}
                type="email"
                autoComplete="email"
                inputMode="email"
                maxLength={254}
                placeholder="ada@acme.com"
                value={values.email}
                onChange={(event) => change('email', event.target.value)}
                error={errors.email}
              />
              <FormField
                ref={(node) => {
                  inputs.current.companyName = node;
                }}
                label={LABELS.companyName}
                autoComplete="organization"
                maxLength={200}
                placeholder="Acme Inc."
                value={values.companyName}
                onChange={(event) => change('companyName', event.target.value)}
                error={errors.companyName}
              />
              <Button type="submit" size="lg" className="mt-2" disabled={createAccount.isPending}>
                {createAccount.isPending ? 'Creating account...' : 'Create account'}
              </Button>
            </form>
            {existingAccount && <AccountExistsOffer key={existingAccount} email={existingAccount} />}
            <p className="text-center text-sm text-slate-600">
              Already have an account?{' '}
              <Link to={href('login')} className="font-medium text-indigo-700 hover:underline">
                Sign in
              </Link>
            </p>
          </CardContent>
        </Card>
      </div>
    </PublicPage>
  );
}
