import { Copy } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { copyText } from '#web/lib/clipboard';

/** A new set of recovery codes, shown this once (docs/decisions/0062-passkeys-and-second-factor.md). */
export function NewRecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const copy = async () => {
    if (await copyText(codes.join('\n'))) toast.success('Recovery codes copied');
    else toast.error('Could not copy: select the codes and copy them yourself.');
  };
  return (
    <Card className="border-emerald-300 bg-emerald-50" role="status">
      <CardHeader>
        <CardTitle>Save your recovery codes now</CardTitle>
        <CardDescription className="text-slate-700">
          This is the only time they are shown. If you lose your passkeys, each code signs you in once. Keep
          them somewhere safe, apart from your e-mail.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 font-mono text-sm text-slate-900">
          {codes.map((code) => (
            <li key={code} className="rounded bg-white px-2 py-1 text-center">
              {code}
            </li>
          ))}
        </ul>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button type="button" variant="outline" onClick={copy}>
            <Copy aria-hidden="true" />
            Copy codes
          </Button>
          <Button type="button" variant="ghost" onClick={onDone}>
            I have stored them
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
