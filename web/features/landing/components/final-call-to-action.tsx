import { Link } from 'react-router';
import { href } from '#shared/routes';
import { Button } from '#web/components/ui/button';
import { LandingIcon } from './landing-icon';

export function FinalCallToAction() {
  return (
    <section aria-labelledby="final-cta-title" className="bg-indigo-600 px-4 py-16 sm:px-6 sm:py-20">
      <div className="mx-auto flex max-w-3xl flex-col items-center text-center">
        <h2
          id="final-cta-title"
          className="text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl"
        >
          Send investors one link, not another attachment
        </h2>
        <p className="mt-4 text-lg text-pretty text-indigo-100">
          Set up your room in five minutes and invite your first investor before the next call.
        </p>
        <div className="mt-8 flex w-full flex-col sm:w-auto">
          <Button asChild size="lg" variant="inverse">
            <Link to={href('checkout')}>
              Create your data room
              <LandingIcon name="arrowRight" />
            </Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
