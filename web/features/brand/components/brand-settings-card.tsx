import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import {
  accentContrast,
  HEX_COLOUR,
  MIN_CONTRAST_WITH_TEXT,
  MIN_CONTRAST_WITH_WHITE,
  nearestAccessibleAccent,
} from '#shared/brand-colours';
import { BANNER_MAX_BYTES, LOGO_MAX_BYTES, type RoomBrand } from '#shared/contracts/brand';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { Input } from '#web/components/ui/input';
import { Switch } from '#web/components/ui/switch';
import { useBrandImage, useBrandSettings, useSaveBrand } from '#web/features/brand/api/use-brand';
import { BrandPreview } from './brand-preview';

/**
 * The room's brand (docs/decisions/0094-the-founders-brand.md): a logo, an accent colour checked for
 * contrast as it is typed (by the same formula the server checks it with), an optional banner, and
 * Roundroom's footer line; previewed on a phone and a desk. Off (Roundroom's look) until a logo or a
 * colour is set.
 */
export function BrandSettingsCard() {
  const settings = useBrandSettings();
  const brand = settings.data;
  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>Your brand</CardTitle>
          {brand && <Badge variant={brand.isOn ? 'success' : 'secondary'}>{brand.isOn ? 'On' : 'Off'}</Badge>}
        </div>
        <CardDescription>
          Your logo and colour on the invitation page, the room, the viewer and every e-mail investors get
          (sent as “you at your company”). Off until you set a logo or a colour.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isError && (
          <p className="text-sm text-red-700">Could not load your brand. Reload the page to try again.</p>
        )}
        {brand && (
          <div className="grid gap-6 lg:grid-cols-2">
            <div className="flex flex-col gap-5">
              <ImageField kind="logo" brand={brand} />
              <ColourField brand={brand} />
              <ImageField kind="banner" brand={brand} />
              <FooterSwitch brand={brand} />
            </div>
            <section aria-label="Preview">
              <h3 className="mb-2 text-sm font-medium text-slate-900">Preview</h3>
              <BrandPreview brand={brand} />
            </section>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

const IMAGE_COPY = {
  logo: {
    label: 'Logo',
    accept: '.png,.svg,image/png,image/svg+xml',
    hint: `PNG or SVG, at most ${LOGO_MAX_BYTES / 1024 / 1024} MB.`,
  },
  banner: {
    label: 'Banner (optional)',
    accept: '.png,.jpg,.jpeg,image/png,image/jpeg',
    hint: `PNG or JPEG, at most ${BANNER_MAX_BYTES / 1024 / 1024} MB; shown across the top of the invitation page and the room.`,
  },
} as const;

function ImageField({ kind, brand }: { kind: 'logo' | 'banner'; brand: RoomBrand }) {
  const { upload, remove } = useBrandImage(kind);
  const inputId = useId();
  const hintId = useId();
  const copy = IMAGE_COPY[kind];
  const current = kind === 'logo' ? brand.logoUrl : brand.bannerUrl;
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file)
      upload.mutate(file, {
        onSuccess: () => toast.success(`${copy.label.replace(' (optional)', '')} saved`),
      });
  };
  const error = upload.error ?? remove.error;
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={inputId} className="text-sm font-medium text-slate-900">
        {copy.label}
      </label>
      {current && (
        <img
          src={current}
          alt={`Your ${kind}`}
          className={
            kind === 'logo' ? 'h-10 w-auto max-w-48 object-contain' : 'h-16 w-full rounded-md object-cover'
          }
        />
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Input
          id={inputId}
          type="file"
          accept={copy.accept}
          aria-describedby={hintId}
          onChange={choose}
          disabled={upload.isPending}
          className="max-w-72"
        />
        {current && (
          <Button
            variant="outline"
            size="sm"
            onClick={() => remove.mutate(undefined)}
            disabled={remove.isPending}
          >
            Remove
          </Button>
        )}
      </div>
      <p id={hintId} className="text-xs text-slate-600">
        {copy.hint}
      </p>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error.message}
        </p>
      )}
    </div>
  );
}

function ColourField({ brand }: { brand: RoomBrand }) {
  const save = useSaveBrand();
  const [draft, setDraft] = useState(brand.accentColor ?? '');
  useEffect(() => setDraft(brand.accentColor ?? ''), [brand.accentColor]);
  const inputId = useId();
  const statusId = useId();
  const colour = draft.trim().toLowerCase();
  const isColour = HEX_COLOUR.test(colour);
  const contrast = isColour ? accentContrast(colour) : null;
  const nearest = contrast && !contrast.isAccessible ? nearestAccessibleAccent(colour) : null;
  const commit = (accentColor: string | null) =>
    save.mutate(
      { accentColor, showsRoundroom: brand.showsRoundroom },
      { onSuccess: () => toast.success(accentColor ? 'Colour saved' : 'Colour removed') },
    );
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={inputId} className="text-sm font-medium text-slate-900">
        Accent colour
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <input
          type="color"
          aria-label="Colour picker"
          value={isColour ? colour : '#2557e2'}
          onChange={(event) => setDraft(event.target.value)}
          className="h-10 w-12 cursor-pointer rounded-md border border-slate-300 bg-white p-1"
        />
        <Input
          id={inputId}
          value={draft}
          placeholder="#2557e2"
          onChange={(event) => setDraft(event.target.value)}
          aria-describedby={statusId}
          className="w-32 font-mono"
        />
        <Button
          size="sm"
          onClick={() => commit(colour)}
          disabled={!contrast?.isAccessible || save.isPending || colour === brand.accentColor}
        >
          Save colour
        </Button>
        {brand.accentColor && (
          <Button variant="outline" size="sm" onClick={() => commit(null)} disabled={save.isPending}>
            Remove
          </Button>
        )}
      </div>
      <div id={statusId} aria-live="polite" className="text-xs text-slate-600">
        {contrast ? (
          <p>
            {contrast.withWhite}:1 against white (needs {MIN_CONTRAST_WITH_WHITE}:1), {contrast.withText}:1
            against the text (needs {MIN_CONTRAST_WITH_TEXT}:1).{' '}
            {contrast.isAccessible ? (
              <span className="font-medium text-emerald-700">Readable.</span>
            ) : (
              <span className="font-medium text-red-700">Not enough contrast.</span>
            )}
          </p>
        ) : (
          draft && <p className="text-red-700">Write the colour as #rrggbb, such as #2557e2.</p>
        )}
        {nearest && (
          <p className="mt-1 flex flex-wrap items-center gap-2">
            The nearest readable shade is
            <span className="inline-flex items-center gap-1 font-mono">
              <span className="size-3 rounded-sm" style={{ background: nearest }} /> {nearest}
            </span>
            <Button variant="outline" size="sm" onClick={() => setDraft(nearest)}>
              Use {nearest}
            </Button>
          </p>
        )}
      </div>
      {save.error && (
        <p role="alert" className="text-sm text-red-700">
          {save.error.message}
        </p>
      )}
    </div>
  );
}

function FooterSwitch({ brand }: { brand: RoomBrand }) {
  const save = useSaveBrand();
  const labelId = useId();
  const isOn = save.isPending ? save.variables.showsRoundroom : brand.showsRoundroom;
  return (
    <div className="flex items-center justify-between gap-4">
      <span id={labelId} className="text-sm font-medium text-slate-900">
        Show “Shared securely with Roundroom” at the foot of pages and e-mails
      </span>
      <Switch
        checked={isOn}
        aria-labelledby={labelId}
        disabled={save.isPending}
        onClick={() => save.mutate({ accentColor: brand.accentColor, showsRoundroom: !brand.showsRoundroom })}
      />
    </div>
  );
}
