import type { LucideIcon } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { cn } from '#web/lib/cn';

export interface TabDefinition<Id extends string> {
  id: Id;
  label: string;
  icon?: LucideIcon;
  panel: ReactNode;
}

interface TabsProps<Id extends string> {
  /** Names the tab list for screen readers, e.g. 'Data room setup'. */
  label: string;
  tabs: readonly TabDefinition<Id>[];
  value: Id;
  onChange: (id: Id) => void;
}

/**
 * WAI-ARIA tabs: arrow keys, Home and End move between tabs, and only the selected tab is in the tab
 * order. Every panel stays mounted (hidden when not selected), so a half-typed form or an unsaved
 * editor survives a look at another tab.
 */
export function Tabs<Id extends string>({ label, tabs, value, onChange }: TabsProps<Id>) {
  const baseId = useId();
  const tabRefs = useRef(new Map<Id, HTMLButtonElement>());
  const tabId = (id: Id) => `${baseId}-tab-${id}`;
  const panelId = (id: Id) => `${baseId}-panel-${id}`;

  const moveTo = (index: number) => {
    const target = tabs[(index + tabs.length) % tabs.length];
    if (!target) return;
    onChange(target.id);
    tabRefs.current.get(target.id)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = tabs.findIndex((tab) => tab.id === value);
    const next: Record<string, number> = {
      ArrowRight: current + 1,
      ArrowLeft: current - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    const index = next[event.key];
    if (index === undefined) return;
    event.preventDefault();
    moveTo(index);
  };

  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className="flex gap-1 overflow-x-auto rounded-lg border border-slate-200 bg-white p-1 shadow-sm"
      >
        {tabs.map((tab) => {
          const selected = tab.id === value;
          const Icon = tab.icon;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                if (element) tabRefs.current.set(tab.id, element);
                else tabRefs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={tabId(tab.id)}
              aria-selected={selected}
              aria-controls={panelId(tab.id)}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(tab.id)}
              className={cn(
                'inline-flex h-9 flex-1 items-center justify-center gap-2 whitespace-nowrap rounded-md px-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 sm:flex-none sm:px-3',
                selected ? 'bg-indigo-600 text-white' : 'text-slate-700 hover:bg-slate-100',
              )}
            >
              {/* On a phone the labels alone and tighter, so five tabs fit across 390 px without scrolling. */}
              {Icon && <Icon className="hidden size-4 shrink-0 sm:block" aria-hidden="true" />}
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={panelId(tab.id)}
          aria-labelledby={tabId(tab.id)}
          hidden={tab.id !== value}
          className="mt-6"
        >
          {tab.panel}
        </div>
      ))}
    </div>
  );
}

export interface TabPanelDefinition<Id extends string> {
  id: Id;
  /** Names the panel for screen readers: the sub-place's label in the console's navigation. */
  label: string;
  panel: ReactNode;
}

/**
 * A page's `?tab=` panels without a tab list of their own: the console's navigation is the one row that
 * chooses them (docs/decisions/0058-one-console.md). As with Tabs, every panel stays mounted (hidden when
 * not selected), so a half-typed form or an unsaved editor survives a look at another sub-place.
 */
export function TabPanels<Id extends string>({
  tabs,
  value,
}: {
  tabs: readonly TabPanelDefinition<Id>[];
  value: Id;
}) {
  return (
    <div>
      {tabs.map((tab) => (
        <section key={tab.id} aria-label={tab.label} hidden={tab.id !== value}>
          {tab.panel}
        </section>
      ))}
    </div>
  );
}

/**
 * The selected tab, kept in `?tab=` so a reload or a shared link opens the same tab. An unknown value
 * falls back to the first tab. Each tab is a place of the console (ADR 58), so choosing one is a step
 * in the history that Back undoes.
 */
export function useTabParam<Id extends string>(ids: readonly Id[]): [Id, (id: Id) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const first = ids[0] as Id;
  const value = ids.find((id) => id === requested) ?? first;
  const select = (id: Id) => {
    if (id === value) return;
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      if (id === first) next.delete('tab');
      else next.set('tab', id);
      return next;
    });
  };
  return [value, select];
}
