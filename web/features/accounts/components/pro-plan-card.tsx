import { Check } from 'lucide-react';
import { Badge } from '#web/components/ui/badge';
import { Card, CardContent } from '#web/components/ui/card';

/**
 * The Pro plan's features, in the product's words and order (docs/product-rules.md#checkout). The text stays
 * as written; CSS capitalises the first letter, except for the file name.
 */
const PRO_FEATURES = [
  'sections.md control',
  'document uploads and external links',
  'magic link authentication',
  'secure investor access',
  'document access tracking',
  'e-mail invitation system',
] as const;

const FILE_NAME = 'sections.md';

/** What the checkout's single plan includes. */
export function ProPlanCard() {
  return (
    <Card className="overflow-hidden">
      <div className="h-1.5 bg-indigo-600" aria-hidden="true" />
      <CardContent className="flex flex-col gap-5">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-2xl font-semibold text-slate-900">Pro</h2>
          <Badge variant="secondary">Early-adopter offer</Badge>
        </div>
        <p className="-mt-2 text-slate-600">
          Everything a founder needs to share documents with investors and see what they read.
        </p>
        <ul className="grid gap-3 sm:grid-cols-2" aria-label="Included in Pro">
          {PRO_FEATURES.map((feature) => (
            <li key={feature} className="flex items-start gap-2.5 text-slate-700">
              <span className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">
                <Check className="size-3.5" aria-hidden="true" />
              </span>
              {feature.startsWith(FILE_NAME) ? (
                <span>
                  <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.9em] text-slate-800">
                    {FILE_NAME}
                  </code>
                  {feature.slice(FILE_NAME.length)}
                </span>
              ) : (
                <span className="first-letter:uppercase">{feature}</span>
              )}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
