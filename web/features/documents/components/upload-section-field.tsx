import { useId, useState } from 'react';

const NO_SECTION = '';

/**
 * The section new uploads are linked into, chosen from the markdown's sections. A section renamed or
 * removed since it was chosen falls back to none.
 */
export function useUploadSection(sectionNames: readonly string[]) {
  const [section, setSection] = useState(NO_SECTION);
  const target = sectionNames.includes(section) ? section : NO_SECTION;
  return { section: target, setSection, uploadOptions: target ? { section: target } : {} };
}

interface UploadSectionFieldProps {
  sectionNames: readonly string[];
  value: string;
  onChange: (section: string) => void;
}

/** 'Add to section': where the server links each uploaded file in the sections markdown. */
export function UploadSectionField({ sectionNames, value, onChange }: UploadSectionFieldProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-900">
        Add to section
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="h-10 w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm focus:border-indigo-500 focus:outline-2 focus:outline-indigo-200"
      >
        <option value={NO_SECTION}>None for now (link it later)</option>
        {sectionNames.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
    </div>
  );
}
