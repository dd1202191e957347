import type { RoomBrand } from '#shared/contracts/brand';
import { BrandMark, BrandScope } from '#web/components/brand/room-brand';

/**
 * The brand as an investor will see it, on a phone and on a desk (docs/decisions/0094-the-founders-brand.md):
 * the invitation page's header, banner, heading and button, and the footer line, drawn with the
 * draft colour as it is chosen.
 */
export function BrandPreview({ brand }: { brand: RoomBrand }) {
  return (
    <BrandScope brand={{ ...brand, isOn: true }}>
      <div className="flex flex-col items-start gap-4 sm:flex-row">
        <figure className="w-full sm:w-48 sm:shrink-0">
          <div className="overflow-hidden rounded-[1.25rem] border-4 border-slate-800 bg-white">
            <PreviewPage brand={brand} compact />
          </div>
          <figcaption className="mt-1 text-center text-xs text-slate-500">Phone</figcaption>
        </figure>
        <figure className="w-full min-w-0 flex-1">
          <div className="overflow-hidden rounded-lg border border-slate-300 bg-white">
            <div
              className="flex h-5 items-center gap-1 border-b border-slate-200 bg-slate-100 px-2"
              aria-hidden="true"
            >
              <span className="size-1.5 rounded-full bg-slate-300" />
              <span className="size-1.5 rounded-full bg-slate-300" />
              <span className="size-1.5 rounded-full bg-slate-300" />
            </div>
            <PreviewPage brand={brand} />
          </div>
          <figcaption className="mt-1 text-center text-xs text-slate-500">Desktop</figcaption>
        </figure>
      </div>
    </BrandScope>
  );
}

function PreviewPage({ brand, compact = false }: { brand: RoomBrand; compact?: boolean }) {
  return (
    <div aria-hidden="true" className="flex flex-col text-left">
      <div className="flex h-10 items-center border-b border-slate-200 px-3">
        <div className="origin-left scale-75">
          <BrandMark brand={brand} />
        </div>
      </div>
      {brand.bannerUrl && (
        <img src={brand.bannerUrl} alt="" className={`${compact ? 'h-10' : 'h-16'} w-full object-cover`} />
      )}
      <div className={`flex flex-col gap-2 ${compact ? 'p-3' : 'p-4'}`}>
        <div className="rounded-md border border-indigo-200 bg-indigo-50 p-2 text-[10px] text-indigo-950">
          You are invited to {brand.companyName}’s data room
        </div>
        <p className={`${compact ? 'text-sm' : 'text-lg'} font-bold break-words text-slate-900`}>
          {brand.companyName}
        </p>
        <p className="text-[10px] text-slate-600">
          Read the <span className="font-medium text-indigo-700 underline">pitch deck</span> and the
          financials.
        </p>
        <span className="inline-flex h-7 w-fit items-center rounded-md bg-indigo-600 px-3 text-[11px] font-medium text-white">
          Open the data room
        </span>
      </div>
      {brand.showsRoundroom && (
        <p className="pb-2 text-center text-[9px] text-slate-500">Shared securely with Roundroom</p>
      )}
    </div>
  );
}
