import {
  ChartColumn,
  FolderOpen,
  LayoutDashboard,
  LibraryBig,
  type LucideIcon,
  Settings,
  SquareStack,
  Users,
} from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { href } from '#shared/routes';
import { cn } from '#web/lib/cn';
import {
  type ConsolePlaceId,
  type ConsoleRole,
  consoleHref,
  consolePlacesFor,
  consolePositionOf,
} from './console-places';

const PLACE_ICONS: Record<ConsolePlaceId, LucideIcon> = {
  dashboard: LayoutDashboard,
  room: SquareStack,
  documents: FolderOpen,
  investors: Users,
  analytics: ChartColumn,
  settings: Settings,
};

/** A place of the navigation: icon over label on a phone, side by side from sm up. */
const PLACE_LINK_CLASS =
  '-mb-px flex h-13 flex-col items-center justify-center gap-0.5 border-b-2 px-0.5 text-[10px] font-medium tracking-tight transition-colors sm:h-10 sm:flex-row sm:gap-2 sm:px-3 sm:text-sm sm:tracking-normal';

/**
 * The console's navigation (docs/decisions/0058-one-console.md): its places in one row, and the
 * sub-places of the place on screen in a second. On a phone the places are a six-column bar of icons
 * over short labels, so all of them fit across 390 px with no scrolling. A co-founder may also read
 * other rooms as an investor: their list is one more link.
 */
export function ConsoleNav({ role }: { role: ConsoleRole }) {
  const { pathname, search } = useLocation();
  const places = consolePlacesFor(role);
  const position = consolePositionOf(pathname, search, places);
  const subPlaces = position && position.place.subPlaces.length > 1 ? position.place.subPlaces : [];
  const subPlacesRef = useRef<HTMLUListElement>(null);
  const currentSubPlace = position?.subPlace?.id;

  // A row of sub-places wider than a phone scrolls sideways: the current one is brought into it (the
  // row alone scrolls; scrollIntoView could move the page too).
  useEffect(() => {
    const row = subPlacesRef.current;
    const link = row?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!row || !link || currentSubPlace === undefined) return;
    const start = link.offsetLeft - row.offsetLeft;
    const end = start + link.offsetWidth;
    if (start < row.scrollLeft) row.scrollLeft = Math.max(0, start - 8);
    else if (end > row.scrollLeft + row.clientWidth) row.scrollLeft = end - row.clientWidth + 8;
  }, [currentSubPlace]);

  return (
    <nav aria-label="Your data room" className="border-t border-slate-100">
      <ul className="mx-auto grid max-w-6xl grid-flow-col auto-cols-fr sm:flex sm:gap-1 sm:px-3">
        {places.map((place) => {
          const first = place.subPlaces[0];
          if (!first) return null;
          const current = position?.place.id === place.id;
          const Icon = PLACE_ICONS[place.id];
          return (
            <li key={place.id} className="min-w-0">
              <Link
                to={consoleHref(first.to)}
                aria-current={current ? 'page' : undefined}
                className={cn(
                  PLACE_LINK_CLASS,
                  current
                    ? 'border-indigo-600 text-indigo-700'
                    : 'border-transparent text-slate-600 hover:text-slate-900',
                )}
              >
                <Icon aria-hidden="true" className="size-5 shrink-0 sm:size-4" />
                <span className="max-w-full truncate">{place.label}</span>
              </Link>
            </li>
          );
        })}
        {role === 'editor' && (
          <li className="min-w-0 sm:ml-auto">
            <Link
              to={href('investorDashboard')}
              className={cn(PLACE_LINK_CLASS, 'border-transparent text-slate-600 hover:text-slate-900')}
            >
              <LibraryBig aria-hidden="true" className="size-5 shrink-0 sm:size-4" />
              <span className="max-w-full truncate">Rooms</span>
            </Link>
          </li>
        )}
      </ul>
      {subPlaces.length > 0 && position && (
        <ul
          ref={subPlacesRef}
          aria-label={position.place.label}
          className="mx-auto flex max-w-6xl gap-0.5 overflow-x-auto border-t border-slate-100 px-2 py-1.5 sm:gap-1 sm:px-3"
        >
          {subPlaces.map((subPlace) => {
            const current = position.subPlace?.id === subPlace.id;
            return (
              <li key={subPlace.id} className="shrink-0">
                <Link
                  to={consoleHref(subPlace.to)}
                  aria-current={current ? 'page' : undefined}
                  className={cn(
                    'inline-flex h-8 items-center rounded-full px-2.5 text-[13px] whitespace-nowrap transition-colors sm:px-3 sm:text-sm',
                    current
                      ? 'bg-indigo-50 font-medium text-indigo-700'
                      : 'text-slate-600 hover:bg-slate-100',
                  )}
                >
                  {subPlace.label}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </nav>
  );
}
