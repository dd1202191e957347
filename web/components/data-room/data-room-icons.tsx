import {
  Archive,
  Box,
  ChartBar,
  ChartLine,
  Cloud,
  Cog,
  File,
  FileImage,
  FileSpreadsheet,
  FileText,
  FileVideo,
  Folder,
  Gavel,
  Globe,
  HardDrive,
  LaptopMinimal,
  type LucideIcon,
  Presentation,
  Sheet,
  Users,
} from 'lucide-react';
import type { FileType } from '#shared/file-types';
import type { SectionIcon as SectionIconName } from '#shared/section-icons';
import { cn } from '#web/lib/cn';

const sectionIcons: Record<SectionIconName, LucideIcon> = {
  folder: Folder,
  'chart-line': ChartLine,
  gavel: Gavel,
  cogs: Cog,
  'chart-bar': ChartBar,
  users: Users,
  'laptop-code': LaptopMinimal,
};

/** A section's icon in its tinted square. Decorative: the section's name says what it is. */
export function SectionIcon({ name, className }: { name: SectionIconName; className?: string }) {
  const Icon = sectionIcons[name] ?? ChartLine;
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

const fileTypeLooks: Record<FileType, { icon: LucideIcon; tint: string }> = {
  pdf: { icon: FileText, tint: 'bg-red-50 text-red-600' },
  excel: { icon: FileSpreadsheet, tint: 'bg-emerald-50 text-emerald-700' },
  word: { icon: FileText, tint: 'bg-blue-50 text-blue-600' },
  powerpoint: { icon: Presentation, tint: 'bg-orange-50 text-orange-600' },
  csv: { icon: Sheet, tint: 'bg-teal-50 text-teal-700' },
  text: { icon: FileText, tint: 'bg-slate-100 text-slate-600' },
  image: { icon: FileImage, tint: 'bg-pink-50 text-pink-600' },
  video: { icon: FileVideo, tint: 'bg-violet-50 text-violet-600' },
  archive: { icon: Archive, tint: 'bg-stone-100 text-stone-600' },
  'google-sheets': { icon: FileSpreadsheet, tint: 'bg-green-50 text-green-700' },
  'google-docs': { icon: FileText, tint: 'bg-sky-50 text-sky-600' },
  'google-slides': { icon: Presentation, tint: 'bg-amber-50 text-amber-600' },
  'google-drive': { icon: HardDrive, tint: 'bg-yellow-50 text-yellow-700' },
  google: { icon: Globe, tint: 'bg-sky-50 text-sky-600' },
  dropbox: { icon: Box, tint: 'bg-blue-50 text-blue-700' },
  onedrive: { icon: Cloud, tint: 'bg-sky-50 text-sky-700' },
  box: { icon: Box, tint: 'bg-cyan-50 text-cyan-700' },
  file: { icon: File, tint: 'bg-slate-100 text-slate-600' },
};

/** The icon of a document row, by file type. Decorative: the row shows the type in words too. */
export function FileTypeIcon({ fileType }: { fileType: FileType }) {
  const look = fileTypeLooks[fileType] ?? fileTypeLooks.file;
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
