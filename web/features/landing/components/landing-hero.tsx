import { Link } from 'react-router';
import { href } from '#shared/routes';
import { Button } from '#web/components/ui/button';
import { LandingIcon } from './landing-icon';

export function LandingHero() {
  return (
    <section
      aria-labelledby="hero-title"
      className="bg-linear-to-b from-indigo-50 via-white to-white px-4 pt-14 pb-16 sm:px-6 sm:pt-24 sm:pb-24"
    >
      <div className="mx-auto flex max-w-3xl flex-col items-center text-center">
        <span className="inline-flex items-center gap-1.5 rounded-full border border-indigo-200 bg-white px-3 py-1 text-xs font-medium text-indigo-800">
          <LandingIcon name="lock" className="size-3.5" />
          Invitation-only data rooms for startups
        </span>
        <h1
          id="hero-title"
          className="mt-6 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-6xl"
        >
          Your data room, ready before the next investor asks
        </h1>
        <p className="mt-5 text-lg font-medium text-balance text-slate-800 sm:text-xl">
          Share your deck, model and cap table with the investors you choose, and nobody else.
        </p>
        <p className="mt-4 max-w-2xl text-pretty text-slate-600 sm:text-lg">
          List your sections in one markdown file, upload files or link them from Google Drive or Dropbox, and
          invite investors by e-mail. They sign in with a magic link, and you see who opened what.
        </p>
        <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          <Button asChild size="lg">
            <Link to={href('checkout')}>
              Create your data room
              <LandingIcon name="arrowRight" />
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to={href('demo')}>Demo</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
