import {
  ChartBar,
  ChartLine,
  Cog,
  FileSpreadsheet,
  FileText,
  FileVideo,
  Gavel,
  LaptopMinimal,
  type LucideIcon,
  Presentation,
  Sheet,
  Users,
} from 'lucide-react';
import { cn } from '../../../lib/cn';
import type { DemoFileType, SectionIconName } from '../demo-data';

const sectionIcons: Record<SectionIconName, LucideIcon> = {
  'chart-line': ChartLine,
  gavel: Gavel,
  cogs: Cog,
  'chart-bar': ChartBar,
  users: Users,
  'laptop-code': LaptopMinimal,
};

/** A section's icon in its tinted square. Decorative: the section's name says what it is. */
export function SectionIcon({ name, className }: { name: SectionIconName; className?: string }) {
  const Icon = sectionIcons[name];
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-11 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600',
        className,
      )}
    >
      <Icon className="size-5" />
    </span>
  );
}

const fileTypeLooks: Record<DemoFileType, { icon: LucideIcon; tint: string }> = {
  pdf: { icon: FileText, tint: 'bg-red-50 text-red-600' },
  excel: { icon: FileSpreadsheet, tint: 'bg-emerald-50 text-emerald-700' },
  word: { icon: FileText, tint: 'bg-blue-50 text-blue-600' },
  powerpoint: { icon: Presentation, tint: 'bg-orange-50 text-orange-600' },
  csv: { icon: Sheet, tint: 'bg-teal-50 text-teal-700' },
  video: { icon: FileVideo, tint: 'bg-violet-50 text-violet-600' },
  'google-sheets': { icon: FileSpreadsheet, tint: 'bg-green-50 text-green-700' },
  'google-docs': { icon: FileText, tint: 'bg-sky-50 text-sky-600' },
  'google-slides': { icon: Presentation, tint: 'bg-amber-50 text-amber-600' },
};

/** The icon of a document row, by file type. Decorative: the row shows the type in words too. */
export function FileTypeIcon({ fileType }: { fileType: DemoFileType }) {
  const look = fileTypeLooks[fileType];
  const Icon = look.icon;
  return (
    <span
      aria-hidden="true"
      className={cn('flex size-10 shrink-0 items-center justify-center rounded-lg', look.tint)}
    >
      <Icon className="size-5" />
    </span>
  );
}
