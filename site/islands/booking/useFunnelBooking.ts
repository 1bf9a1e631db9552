/**
 * The booking of the step's URL, loaded once: its id from the path (`matchRoute`), its working view from
 * the API. Steps render `FunnelGate` around their content so a wrong id or a booking already paid gets a
 * clear message instead of a broken form.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { matchRoute } from '#shared/routes.ts';
import { $view, $viewError, type BookingView, loadBooking } from '../../stores/booking.ts';
import type { FunnelStepKey } from '#shared/funnel-steps.ts';

export function routeParams(): Record<string, string | undefined> {
  return typeof location === 'undefined' ? {} : (matchRoute(location.pathname)?.params ?? {});
}

export function useFunnelBooking(step: FunnelStepKey): {
  view: BookingView | null;
  error: { status: number; message: string } | null;
  loading: boolean;
  bookingId: string | null;
  /** The tour's slug from the address; null until it is read (after the first render, as the page is static). */
  slug: string | null;
} {
  const view = useStore($view);
  const error = useStore($viewError);
  const [bookingId, setBookingId] = useState<string | null>(null);
  const [slug, setSlug] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    const params = routeParams();
    const id = params['bookingId'] ?? null;
    setSlug(params['slug'] ?? null);
    setBookingId(id);
    if (!id) return void setLoading(false);
    void loadBooking(id, step).finally(() => setLoading(false));
  }, [step]);
  return { view: view && view.id === bookingId ? view : null, error, loading, bookingId, slug };
}
