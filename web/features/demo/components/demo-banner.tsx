import { FlaskConical, LogIn } from 'lucide-react';
import { Link } from 'react-router';
import { href } from '#shared/routes';
import { Button } from '#web/components/ui/button';

/** Says plainly that everything below is sample data, and where the real thing is. */
export function DemoBanner({ companyName }: { companyName: string }) {
  return (
    <section
      aria-labelledby="demo-mode-title"
      className="flex flex-col gap-4 rounded-xl border border-amber-200 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5"
    >
      <div className="flex gap-3">
        <span
          aria-hidden="true"
          className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-amber-100 text-amber-700"
        >
          <FlaskConical className="size-5" />
        </span>
        <div>
          <h2 id="demo-mode-title" className="font-semibold text-amber-950">
            Demo mode
          </h2>
          <p className="mt-0.5 text-sm text-amber-900">
            A sample Series A data room for {companyName}, a fictional company. All documents are sample data:
            opening one shows a notice instead of a file.
          </p>
        </div>
      </div>
      <Button asChild variant="outline" className="shrink-0 self-start sm:self-center">
        <Link to={href('login')}>
          <LogIn aria-hidden="true" />
          Sign in to your data room
        </Link>
      </Button>
    </section>
  );
}
