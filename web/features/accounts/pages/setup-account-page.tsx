import { CircleAlert, Gift } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { type AccountSetupRequest, accountSetupRequestSchema } from '#shared/contracts/accounts';
import { href } from '#shared/routes';
import { PublicPage } from '#web/components/site/public-page';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '#web/components/ui/card';
import { accountExistsIn, useCreateAccount } from '#web/features/accounts/api/use-create-account';
import { AccountExistsOffer } from '#web/features/accounts/components/account-exists-offer';
import { FormField } from '#web/features/accounts/components/form-field';
import { clearPromoCode, readPromoCode } from '#web/features/accounts/promo-code-store';
import { ApiRequestError } from '#web/lib/api-client';
import { sentenceResolver } from '#web/lib/form-resolver';

type Field = keyof AccountSetupRequest;

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

const resolver = sentenceResolver(accountSetupRequestSchema, fieldMessage);

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

  const form = useForm<AccountSetupRequest>({
    defaultValues: { name: '', email: '', companyName: '' },
    resolver,
    // A field's error stays until the founder changes that field (then it goes) or submits again.
    reValidateMode: 'onSubmit',
  });
  const { errors } = form.formState;
  /** The address the server said already has an account: offered a sign-in link until it changes. */
  const [existingAccount, setExistingAccount] = useState<string | null>(null);
  const createAccount = useCreateAccount();
  const navigate = useNavigate();

  // docs/product-rules.md#messages (promo): arriving with an accepted code. Once, even when effects run twice.
  const promoToastShown = useRef(false);
  useEffect(() => {
    if (!promoFlow || promoToastShown.current) return;
    promoToastShown.current = true;
    toast.success('Promo code accepted!', { description: 'Please complete your account setup.' });
  }, [promoFlow]);

  /** A field's registration with the form: changing it clears its error. */
  const field = (name: Field) =>
    form.register(name, {
      onChange: () => {
        form.clearErrors(name);
        if (name === 'email') setExistingAccount(null);
      },
    });

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
      form.setError(
        field,
        { type: 'server', message: fieldMessage(field, error.message) },
        { shouldFocus: true },
      );
    }
    toast.error(error.message || 'Failed to create account.');
  };

  const submit = form.handleSubmit(
    (account) => {
      if (createAccount.isPending) return;
      createAccount.mutate(promoFlow ? { ...account, promoCode } : account, {
        onSuccess: () => {
          toast.success('Account created!', {
            description: 'Welcome to Roundroom. Let’s set up your data room.',
          });
          navigate(href('configure'));
        },
        onError: (error) => fail(error, account.email),
      });
    },
    (invalid) => {
      const values = form.getValues();
      if (FIELDS.some((name) => invalid[name] && !values[name].trim())) {
        toast.error('Missing information', { description: 'Please fill in all fields.' });
      }
    },
  );

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
                {...field('name')}
                label={LABELS.name}
                autoComplete="name"
                maxLength={100}
                placeholder="Ada Lovelace"
                error={errors.name?.message}
              />
              <FormField
                {...field('email')}
                label={LABELS.email}
                type="email"
                autoComplete="email"
                inputMode="email"
                maxLength={254}
                placeholder="ada@acme.com"
                error={errors.email?.message}
              />
              <FormField
                {...field('companyName')}
                label={LABELS.companyName}
                autoComplete="organization"
                maxLength={200}
                placeholder="Acme Inc."
                error={errors.companyName?.message}
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
