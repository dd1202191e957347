import { useId, useState } from 'react';
import { Select } from '#web/components/ui/select';

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
      <Select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="w-full min-w-0"
      >
        <option value={NO_SECTION}>None for now (link it later)</option>
        {sectionNames.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </Select>
    </div>
  );
}
