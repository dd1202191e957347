import { type ComponentType, lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { paths, type ServedPageName } from '#shared/routes';
import { FirstScreen } from '#web/lib/first-screen';
import { whenIdle } from '#web/lib/when-idle';

type PageLoader = () => Promise<{ default: ComponentType }>;

interface PageEntry {
  load: PageLoader;
  /** Protected pages show the login page in place until the server confirms a session. */
  access: 'public' | 'protected';
}

function page<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  access: PageEntry['access'] = 'public',
): PageEntry {
  return { load: () => load().then((module) => ({ default: pick(module) })), access };
}

const roomPage = page(
  () => import('./pages/data-room-by-id-page'),
  (m) => m.DataRoomByIdPage,
  'protected',
);

/**
 * One lazy page per served route. Typed by shared/routes.ts, so a route the server serves cannot lack
 * a page here, and each page's code loads only when it is visited.
 */
const pages: Record<ServedPageName, PageEntry> = {
  landing: page(
    () => import('#web/features/landing/pages/landing-page'),
    (m) => m.LandingPage,
  ),
  demo: page(
    () => import('#web/features/demo/pages/demo-page'),
    (m) => m.DemoPage,
  ),
  docs: page(
    () => import('#web/features/docs/pages/docs-page'),
    (m) => m.DocsPage,
  ),
  apiReference: page(
    () => import('#web/features/docs/pages/api-reference-page'),
    (m) => m.ApiReferencePage,
  ),
  support: page(
    () => import('#web/features/support/pages/support-page'),
    (m) => m.SupportPage,
  ),
  privacy: page(
    () => import('#web/features/legal/pages/privacy-page'),
    (m) => m.PrivacyPage,
  ),
  terms: page(
    () => import('#web/features/legal/pages/terms-page'),
    (m) => m.TermsPage,
  ),
  login: page(
    () => import('#web/features/auth/pages/login-page'),
    (m) => m.LoginPage,
  ),
  verify: page(
    () => import('#web/features/auth/pages/verify-page'),
    (m) => m.VerifyPage,
  ),
  checkout: page(
    () => import('#web/features/accounts/pages/checkout-page'),
    (m) => m.CheckoutPage,
  ),
  setupAccount: page(
    () => import('#web/features/accounts/pages/setup-account-page'),
    (m) => m.SetupAccountPage,
  ),
  security: page(
    () => import('#web/features/auth/pages/security-page'),
    (m) => m.SecurityPage,
    'protected',
  ),
  shareLink: page(
    () => import('./pages/share-link-page'),
    (m) => m.ShareLinkPage,
  ),
  investorDashboard: page(
    () => import('#web/features/investor-dashboard/pages/investor-dashboard-page'),
    (m) => m.InvestorDashboardPage,
    'protected',
  ),
  configure: page(
    () => import('./pages/configure-page'),
    (m) => m.ConfigurePage,
    'protected',
  ),
  // Public: with ?invite= it is the invited view; without, the page asks for a session itself. Either way
  // the next page is a protected one (the room the invitation opens, ADR 56): its layout's code comes
  // along, once this page's own has.
  dataRoom: page(
    () =>
      import('./pages/data-room-page').then((module) => {
        whenIdle(() => void import('./layouts/protected-layout'));
        return module;
      }),
    (m) => m.DataRoomPage,
  ),
  dataRoomById: roomPage,
  // The same page as the room: moving between the room and its sections keeps it (and its parse) mounted.
  sectionInRoom: roomPage,
  documentInRoom: page(
    () => import('./pages/document-in-room-page'),
    (m) => m.DocumentInRoomPage,
    'protected',
  ),
  roomQuestions: page(
    () => import('./pages/room-questions-page'),
    (m) => m.RoomQuestionsPage,
    'protected',
  ),
  previewDocument: page(
    () => import('#web/features/viewer/pages/document-in-room-page'),
    (m) => m.PreviewDocumentPage,
    'protected',
  ),
  preview: page(
    () => import('#web/features/data-room/pages/preview-page'),
    (m) => m.PreviewPage,
    'protected',
  ),
  app: page(
    () => import('#web/features/data-room/pages/data-room-page'),
    (m) => m.OwnRoomPage,
    'protected',
  ),
  admin: page(
    () => import('./pages/admin-dashboard-page'),
    (m) => m.AdminDashboardPage,
    'protected',
  ),
  adminInvestors: page(
    () => import('./pages/admin-investors-page'),
    (m) => m.AdminInvestorsPage,
    'protected',
  ),
  adminQuestions: page(
    () => import('#web/features/questions/pages/admin-questions-page'),
    (m) => m.AdminQuestionsPage,
    'protected',
  ),
  adminTeam: page(
    () => import('#web/features/admin/pages/admin-team-page'),
    (m) => m.AdminTeamPage,
    'protected',
  ),
  roomAnalytics: page(
    () => import('./pages/room-analytics-page'),
    (m) => m.RoomAnalyticsWithEngagementPage,
    'protected',
  ),
  documentAnalytics: page(
    () => import('#web/features/reading-analytics/pages/document-analytics-page'),
    (m) => m.DocumentAnalyticsPage,
    'protected',
  ),
  investorAnalytics: page(
    () => import('#web/features/reading-analytics/pages/investor-analytics-page'),
    (m) => m.InvestorAnalyticsPage,
    'protected',
  ),
  analyticsExport: page(
    () => import('#web/features/admin/pages/admin-export-page'),
    (m) => m.AdminExportPage,
    'protected',
  ),
  setupDataRoom: page(
    () => import('./pages/setup-data-room-page'),
    (m) => m.SetupDataRoomPage,
    'protected',
  ),
  // Public: the link in a notification mail works without signing in.
  unsubscribe: page(
    () => import('#web/features/notifications/pages/unsubscribe-page'),
    (m) => m.UnsubscribePage,
  ),
  // Public: the link in an asker's answer mail works without signing in (ADR 92).
  answerMailsUnsubscribe: page(
    () => import('#web/features/questions/pages/answer-mails-unsubscribe-page'),
    (m) => m.AnswerMailsUnsubscribePage,
  ),
};

/** Pages that render before the app providers (queries, toasts) load: keep this list small. */
const pagesWithoutProviders: ReadonlySet<ServedPageName> = new Set(['landing']);

const AppProvidersLayout = lazy(() =>
  import('./layouts/app-providers-layout').then((m) => ({ default: m.AppProvidersLayout })),
);
const ProtectedLayout = lazy(() =>
  import('./layouts/protected-layout').then((m) => ({ default: m.ProtectedLayout })),
);
const NotFoundPage = lazy(() =>
  import('#web/features/not-found/pages/not-found-page').then((m) => ({ default: m.NotFoundPage })),
);

const pageNames = Object.keys(pages) as ServedPageName[];
const lazyPages = {} as Record<ServedPageName, ComponentType>;
// One component per page entry: routes that share an entry render the same component, kept mounted.
const lazyByEntry = new Map<PageEntry, ComponentType>();
for (const name of pageNames) {
  const entry = pages[name];
  const component = lazyByEntry.get(entry) ?? lazy(entry.load);
  lazyByEntry.set(entry, component);
  lazyPages[name] = component;
}

function routeFor(name: ServedPageName) {
  const Page = lazyPages[name];
  return <Route key={name} path={paths[name]} element={<Page />} />;
}

const withProviders = pageNames.filter((name) => !pagesWithoutProviders.has(name));

export function AppRoutes() {
  return (
    // No spinner: pages are small and a flash of one would be worse than the brief blank; a reader's
    // page shows what the server wrote for it meanwhile.
    <Suspense fallback={<FirstScreen />}>
      <Routes>
        {pageNames.filter((name) => pagesWithoutProviders.has(name)).map(routeFor)}
        <Route element={<AppProvidersLayout />}>
          {withProviders.filter((name) => pages[name].access === 'public').map(routeFor)}
          <Route element={<ProtectedLayout />}>
            {withProviders.filter((name) => pages[name].access === 'protected').map(routeFor)}
          </Route>
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
