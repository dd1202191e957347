import { Link } from 'react-router';
import { href } from '#shared/routes';
import { PublicPage } from '#web/components/site/public-page';
import { Button } from '#web/components/ui/button';

/** Any path the app does not serve. The server answers it with HTTP status 404 as well. */
export function NotFoundPage() {
  return (
    <PublicPage title="Page not found">
      <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center sm:py-32">
        <p className="text-6xl font-bold tracking-tight text-indigo-600">404</p>
        <h1 className="mt-4 text-2xl font-semibold text-slate-900 sm:text-3xl">404 page not found</h1>
        <p className="mt-3 text-slate-600">The page you are looking for does not exist or has moved.</p>
        <Button asChild size="lg" className="mt-8">
          <Link to={href('landing')}>Back to the home page</Link>
        </Button>
      </section>
    </PublicPage>
  );
}
