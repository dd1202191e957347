import { Link } from 'react-router';
import { href } from '#shared/routes';
import { useSiteInfo } from '#web/features/site/api/use-site-info';

/**
 * A sentence that ends with the installation's support address (SUPPORT_EMAIL) as a mailto: link,
 * e.g. lead="Write to us at". While the address loads, a block of about its width holds its place so
 * the text does not jump; if it cannot be loaded, the sentence points to the support page instead.
 */
export function SupportContact({ lead }: { lead: string }) {
  const { data, isPending, isError } = useSiteInfo();
  if (isError) {
    return (
      <p>
        Our support address could not be loaded just now. You will find it, and the other ways to reach us, on
        our <Link to={href('support')}>support page</Link>.
      </p>
    );
  }
  return (
    <p>
      {lead}{' '}
      {isPending ? (
        <span className="inline-block h-[1em] w-[18ch] max-w-full translate-y-[0.15em] rounded bg-slate-200 motion-safe:animate-pulse">
          <span className="sr-only">Loading the support address</span>
        </span>
      ) : (
        <a href={`mailto:${data.supportEmail}`} className="wrap-anywhere">
          {data.supportEmail}
        </a>
      )}
      .
    </p>
  );
}
