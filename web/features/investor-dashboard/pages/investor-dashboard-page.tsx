import {
  ArrowRight,
  Building2,
  CalendarDays,
  FileSignature,
  Fingerprint,
  FolderLock,
  Globe,
} from 'lucide-react';
import { Link } from 'react-router';
import type { AccessibleDataRoom } from '#shared/contracts/rooms';
import { href } from '#shared/routes';
import { AppPage } from '#web/components/app/app-page';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Card, CardContent } from '#web/components/ui/card';
import { PageSpinner } from '#web/components/ui/spinner';
import { useAccessibleRooms } from '#web/features/investor-dashboard/api/use-accessible-rooms';

/** /investor-dashboard: the data rooms this investor may open (docs/product-rules.md#investor-dashboard). */
export function InvestorDashboardPage() {
  const rooms = useAccessibleRooms();

  return (
    <AppPage title="Your data rooms">
      <h1 className="text-2xl font-semibold text-slate-900 sm:text-3xl">Your accessible data rooms</h1>
      <p className="mt-2 text-slate-600">The companies that invited you to review their documents.</p>
      <p className="mt-2 text-sm text-slate-600">
        <Link
          className="inline-flex items-center gap-1 font-medium text-indigo-700 underline"
          to={href('security')}
        >
          <Fingerprint className="size-4" aria-hidden="true" />
          Add a passkey
        </Link>{' '}
        to sign in without waiting for an e-mail.
      </p>
      <div className="mt-8">
        {rooms.isPending && <PageSpinner label="Loading your data rooms…" />}
        {rooms.isError && (
          <Card>
            <CardContent className="flex flex-col items-start gap-3">
              <p className="font-medium text-slate-900">Something went wrong</p>
              <p className="text-sm text-slate-600">Your data rooms could not be loaded.</p>
              <Button variant="outline" onClick={() => rooms.refetch()}>
                Try again
              </Button>
            </CardContent>
          </Card>
        )}
        {rooms.data && rooms.data.dataRooms.length === 0 && <EmptyState />}
        {rooms.data && rooms.data.dataRooms.length > 0 && (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {rooms.data.dataRooms.map((room) => (
              <li key={room.id}>
                <RoomCard room={room} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </AppPage>
  );
}

/** A room's card; before its NDA is accepted, the name and "NDA required" only (ADR 45). */
function RoomCard({ room }: { room: AccessibleDataRoom }) {
  return (
    <Card className="flex h-full flex-col">
      <CardContent className="flex flex-1 flex-col gap-4">
        <div className="flex items-start justify-between gap-3">
          <div className="flex min-w-0 items-center gap-3">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600">
              <Building2 className="size-5" aria-hidden="true" />
            </span>
            <h2
              className="line-clamp-2 break-words text-lg font-semibold text-slate-900"
              title={room.companyName}
            >
              {room.companyName}
            </h2>
          </div>
          {room.fundingStage && <Badge variant="secondary">{room.fundingStage}</Badge>}
        </div>
        {room.isNdaRequired ? (
          <p className="flex items-center gap-2 text-sm font-medium text-amber-800">
            <FileSignature className="size-4 shrink-0" aria-hidden="true" />
            NDA required
          </p>
        ) : (
          <p className="line-clamp-3 text-sm text-slate-600">{room.companyDescription || room.name}</p>
        )}
        <dl className="mt-auto flex flex-col gap-1.5 text-sm text-slate-600">
          {room.foundedYear !== null && (
            <div className="flex items-center gap-2">
              <CalendarDays className="size-4" aria-hidden="true" />
              <dt className="sr-only">Founded</dt>
              <dd>Founded {room.foundedYear}</dd>
            </div>
          )}
          {room.website && (
            <div className="flex min-w-0 items-center gap-2">
              <Globe className="size-4 shrink-0" aria-hidden="true" />
              <dt className="sr-only">Website</dt>
              <dd className="truncate">
                <a
                  href={room.website}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="text-indigo-700 hover:underline"
                >
                  {room.website.replace(/^https?:\/\//, '')}
                </a>
              </dd>
            </div>
          )}
        </dl>
        <Button asChild className="w-full">
          <Link to={href('dataRoomById', { id: room.id })}>
            View data room
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}

function EmptyState() {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 py-12 text-center sm:py-12">
        <span className="flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
          <FolderLock className="size-6" aria-hidden="true" />
        </span>
        <h2 className="text-lg font-semibold text-slate-900">No data rooms available</h2>
        <p className="max-w-md text-sm text-slate-600">
          You do not have access to any data room yet. Contact the founders who invited you and ask them to
          send a new invitation to this email address.
        </p>
      </CardContent>
    </Card>
  );
}
