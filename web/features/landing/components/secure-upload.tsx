import { LandingIcon } from './landing-icon';
import { LandingSection } from './landing-section';

const formats = [
  { tag: 'PDF', name: 'PDF', types: '.pdf', color: 'bg-red-100 text-red-800' },
  { tag: 'DOC', name: 'Word', types: '.doc, .docx', color: 'bg-blue-100 text-blue-800' },
  { tag: 'XLS', name: 'Excel', types: '.xls, .xlsx', color: 'bg-emerald-100 text-emerald-800' },
  { tag: 'PPT', name: 'PowerPoint', types: '.ppt, .pptx', color: 'bg-orange-100 text-orange-800' },
  { tag: 'IMG', name: 'Images', types: 'JPG, PNG, GIF', color: 'bg-violet-100 text-violet-800' },
  { tag: 'TXT', name: 'Text', types: 'TXT, CSV', color: 'bg-slate-200 text-slate-800' },
];

const safeguards = [
  'Uploaded files stay private: only invited, signed-in people can download them, and each download is logged.',
  'Links to Google Drive, Dropbox, OneDrive or Box keep that service’s own sharing settings; Roundroom logs each click.',
];

export function SecureUpload() {
  return (
    <LandingSection
      id="upload-title"
      eyebrow="Secure upload"
      title="Upload the files you already have"
      lead="Add the deck, the model and the contracts as they are, up to 50MB per file."
      tinted
    >
      <div className="grid items-center gap-10 lg:grid-cols-2 lg:gap-12">
        <ul className="space-y-5">
          {safeguards.map((text) => (
            <li key={text} className="flex gap-3 text-slate-700">
              <LandingIcon name="check" className="mt-0.5 size-5 shrink-0 text-emerald-600" />
              {text}
            </li>
          ))}
        </ul>
        <div className="rounded-xl border-2 border-dashed border-slate-300 bg-white p-4 sm:p-6">
          <div className="flex flex-col items-center text-center">
            <span className="flex size-12 items-center justify-center rounded-full bg-indigo-50 text-indigo-700">
              <LandingIcon name="cloudUpload" className="size-6" />
            </span>
            <p className="mt-3 font-semibold text-slate-900">Supported formats</p>
            <p className="text-sm text-slate-600">Up to 50MB per file</p>
          </div>
          <ul className="mt-6 grid gap-3 min-[380px]:grid-cols-2">
            {formats.map((format) => (
              <li key={format.tag} className="flex items-center gap-2.5 rounded-lg bg-slate-50 p-2.5">
                <span
                  className={`flex h-9 w-9 shrink-0 items-center justify-center rounded-md text-[10px] font-bold ${format.color}`}
                  aria-hidden="true"
                >
                  {format.tag}
                </span>
                <span className="min-w-0 text-sm">
                  <span className="block font-semibold text-slate-900">{format.name}</span>
                  <span className="block text-xs text-slate-500">{format.types}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </LandingSection>
  );
}
