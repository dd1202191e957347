import { type ComponentType, lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { paths, type ServedPageName } from '../../shared/routes';

type PageLoader = () => Promise<{ default: ComponentType }>;

function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): PageLoader {
  return () => load().then((module) => ({ default: pick(module) }));
}

/**
 * One lazy page per served route. Typed by shared/routes.ts, so a route the server serves cannot lack
 * a page here, and each page's code loads only when it is visited.
 */
const pages: Record<ServedPageName, PageLoader> = {
  landing: page(
    () => import('../features/landing/pages/landing-page'),
    (m) => m.LandingPage,
  ),
  demo: page(
    () => import('../features/demo/pages/demo-page'),
    (m) => m.DemoPage,
  ),
  docs: page(
    () => import('../features/docs/pages/docs-page'),
    (m) => m.DocsPage,
  ),
  support: page(
    () => import('../features/support/pages/support-page'),
    (m) => m.SupportPage,
  ),
  privacy: page(
    () => import('../features/legal/pages/privacy-page'),
    (m) => m.PrivacyPage,
  ),
  terms: page(
    () => import('../features/legal/pages/terms-page'),
    (m) => m.TermsPage,
  ),
};

/** Pages that render before the app providers (queries, toasts) load: keep this list small. */
const pagesWithoutProviders: ReadonlySet<ServedPageName> = new Set(['landing']);

const AppProvidersLayout = lazy(() =>
  import('./layouts/app-providers-layout').then((m) => ({ default: m.AppProvidersLayout })),
);
const NotFoundPage = lazy(
  page(
    () => import('../features/not-found/pages/not-found-page'),
    (m) => m.NotFoundPage,
  ),
);

const pageNames = Object.keys(pages) as ServedPageName[];
const lazyPages = {} as Record<ServedPageName, ComponentType>;
for (const name of pageNames) lazyPages[name] = lazy(pages[name]);

function routeFor(name: ServedPageName) {
  const Page = lazyPages[name];
  return <Route key={name} path={paths[name]} element={<Page />} />;
}

export function AppRoutes() {
  return (
    // No spinner: pages are small and a flash of one would be worse than the brief blank.
    <Suspense fallback={null}>
      <Routes>
        {pageNames.filter((name) => pagesWithoutProviders.has(name)).map(routeFor)}
        <Route element={<AppProvidersLayout />}>
          {pageNames.filter((name) => !pagesWithoutProviders.has(name)).map(routeFor)}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
