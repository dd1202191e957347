import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { apiPath } from '#shared/contracts/api-route';
import { openApiRoutes } from '#shared/contracts/openapi';
import { href } from '#shared/routes';
import { PublicPage } from '#web/components/site/public-page';
import { Spinner } from '#web/components/ui/spinner';

interface ScalarGlobal {
  createApiReference: (
    element: HTMLElement,
    configuration: Record<string, unknown>,
  ) => { destroy?: () => void };
}

/**
 * Scalar's prebuilt browser bundle (a kept renderer of OpenAPI documents), loaded only here: its URL is
 * an asset of this lazy page, so no other page, the landing page least of all, downloads it (ADR 51).
 */
async function loadScalar(): Promise<ScalarGlobal> {
  const existing = (window as { Scalar?: ScalarGlobal }).Scalar;
  if (existing) return existing;
  const { default: url } = await import('@scalar/api-reference/browser/standalone.js?url');
  await new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => reject(new Error('The API reference could not be loaded.')));
    document.head.append(script);
  });
  const loaded = (window as { Scalar?: ScalarGlobal }).Scalar;
  if (!loaded) throw new Error('The API reference could not be loaded.');
  return loaded;
}

/** The OpenAPI document the reference is rendered from. */
const OPENAPI_URL = apiPath(openApiRoutes.document);

/** /docs/api: the API's reference, rendered from /api/openapi.json. */
export function ApiReferencePage() {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | { failed: string }>('loading');

  useEffect(() => {
    let cancelled = false;
    let instance: { destroy?: () => void } | undefined;
    loadScalar()
      .then((scalar) => {
        if (cancelled || !container.current) return;
        instance = scalar.createApiReference(container.current, {
          url: OPENAPI_URL,
          // Our CSP allows fonts from this site only, and the page needs nothing from elsewhere.
          withDefaultFonts: false,
          hideClientButton: true,
          hideDarkModeToggle: true,
          forceDarkModeState: 'light',
          showDeveloperTools: 'never',
          agent: { disabled: true },
          mcp: { disabled: true },
          telemetry: false,
        });
        setState('ready');
      })
      .catch((error: Error) => !cancelled && setState({ failed: error.message }));
    return () => {
      cancelled = true;
      instance?.destroy?.();
    };
  }, []);

  return (
    <PublicPage title="API reference">
      <div className="mx-auto max-w-6xl px-4 pt-10 sm:px-6">
        <p className="text-sm font-semibold text-indigo-600">
          <Link to={href('docs')} className="underline-offset-4 hover:underline">
            Documentation
          </Link>
        </p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">API reference</h1>
        <p className="mt-4 max-w-3xl text-lg text-slate-600">
          Every route of Roundroom’s API. Create a token in Set up your data room → API, then send it as{' '}
          <code className="rounded bg-slate-100 px-1 text-base">Authorization: Bearer rr_…</code>. The same
          description as OpenAPI 3.1:{' '}
          <a className="font-medium text-indigo-700 underline" href={OPENAPI_URL}>
            {OPENAPI_URL}
          </a>
          .
        </p>
        {state === 'loading' && (
          <div className="mt-8">
            <Spinner label="Loading the API reference…" showLabel />
          </div>
        )}
        {typeof state === 'object' && (
          <p role="alert" className="mt-8 text-red-700">
            {state.failed} The OpenAPI document is still at {OPENAPI_URL}.
          </p>
        )}
      </div>
      {/* Clipped, not scrolled: a heading's copy-link button hangs a few pixels past the edge at 390 px,
          and nothing of Scalar's may widen the page (web/app/styles.css lets its titles wrap). */}
      <div ref={container} className="mt-6 min-h-[60vh] overflow-x-clip" />
    </PublicPage>
  );
}
