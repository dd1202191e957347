import { CalendarClock, Files } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '#web/components/ui/badge';

export interface RoomCompany {
  name: string;
  stage: string;
  description: string;
}

interface CompanyHeaderProps {
  company: RoomCompany;
  lastUpdated: string;
  documentCount: number;
}

/** The room's heading: company, stage, what it does, when it last changed and how much is in it. */
export function CompanyHeader({ company, lastUpdated, documentCount }: CompanyHeaderProps) {
  return (
    <header className="flex flex-col gap-6 lg:flex-row lg:items-end lg:justify-between">
      <div className="min-w-0 max-w-2xl">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="break-words text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            {company.name}
          </h1>
          <Badge>{company.stage}</Badge>
        </div>
        {company.description && (
          <p className="mt-3 text-base break-words text-slate-600 sm:text-lg">{company.description}</p>
        )}
      </div>
      <dl className="grid shrink-0 grid-cols-2 gap-3 sm:w-auto lg:w-80">
        <Tile icon={<CalendarClock className="size-4" />} label="Last updated" value={lastUpdated} />
        <Tile icon={<Files className="size-4" />} label="Documents" value={String(documentCount)} />
      </dl>
    </header>
  );
}

function Tile({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="flex items-center gap-1.5 text-sm text-slate-600">
        <span aria-hidden="true" className="text-slate-400">
          {icon}
        </span>
        {label}
      </dt>
      <dd className="mt-1 text-xl font-semibold text-slate-900">{value}</dd>
    </div>
  );
}
