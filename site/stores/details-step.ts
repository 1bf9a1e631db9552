/**
 * The complete-details step (`/tour/{slug}/completa-tus-datos/{bookingId?}`): the lead contact and the
 * consents. Without a booking, continuing creates it (IN_PROGRESS) from the party chosen on the first step;
 * with one, it edits the lead. The lead typed for a new booking is kept in the funnel store, so a reload or
 * a second booking by the same person keeps it.
 */
import { map } from 'nanostores';
import { LeadContactSchema, type QuoteView } from '#shared/schemas/bookings.ts';
import { issuesToFields } from '#shared/schemas/errors.ts';
import type { BookingStartAnswer } from '#shared/schemas/tours.ts';
import { stepPath } from '#shared/funnel-steps.ts';
import {
  $funnel,
  $view,
  type BookingView,
  createFunnelBooking,
  fetchBookingStart,
  fetchPartyQuote,
  type LeadDraft,
  loadBooking,
  patchBooking,
} from './booking.ts';

export interface LeadForm {
  lead: LeadDraft;
  privacy: boolean;
  marketing: boolean;
  /** Messages by field: name, surname, email, phone, privacy. */
  fields: Record<string, string>;
  message: string | null;
  busy: boolean;
}

export const $leadForm = map<LeadForm>({
  lead: { name: '', surname: '', email: '', phone: '' },
  privacy: false,
  marketing: false,
  fields: {},
  message: null,
  busy: false,
});

/** A new booking's tour, departures and the server's price for the party, beside the form. */
export const $newBooking = map<{ start: BookingStartAnswer | null; quote: QuoteView | null }>({ start: null, quote: null });

export const leadOf = (fields: Record<string, string>): LeadDraft => ({
  name: fields['name'] ?? '',
  surname: fields['surname'] ?? '',
  email: fields['email'] ?? '',
  phone: fields['phone'] ?? '',
});

/** The form for a booking not made yet: the lead typed before, consents still to give; its tour and price. */
export async function openNewBooking(slug: string): Promise<void> {
  const funnel = $funnel.get();
  $leadForm.set({ lead: funnel.lead, privacy: false, marketing: false, fields: {}, message: null, busy: false });
  $newBooking.set({ start: null, quote: null });
  if (funnel.slug !== slug || funnel.periodId === null) return;
  const [start, quote] = await Promise.all([
    fetchBookingStart(slug),
    fetchPartyQuote({ periodId: funnel.periodId, adults: funnel.adults, children: funnel.children }),
  ]);
  $newBooking.set({ start: start.ok ? start.data : null, quote: quote.ok ? quote.data : null });
}

/** The form for a booking that exists: its lead as saved; the consents were given when it was made. */
export function openBookingLead(bookingId: string): void {
  const view = $view.get();
  if (view?.id !== bookingId) return;
  $leadForm.set({ lead: leadOf(view.travellers[0]?.reservationFields ?? {}), privacy: true, marketing: false, fields: {}, message: null, busy: false });
}

export function setLeadField(key: keyof LeadDraft, value: string, { keep }: { keep: boolean }): void {
  const lead = { ...$leadForm.get().lead, [key]: value };
  $leadForm.setKey('lead', lead);
  if (keep) $funnel.setKey('lead', lead);
}

export function setLeadConsent(key: 'privacy' | 'marketing', value: boolean): void {
  $leadForm.setKey(key, value);
}

/** What the form says before anything is sent: the contact's schema and the privacy consent. */
export function checkLead({ lead, privacy }: Pick<LeadForm, 'lead' | 'privacy'>): Record<string, string> {
  const checked = LeadContactSchema.safeParse(lead);
  const fields = checked.success ? {} : issuesToFields(checked.error.issues);
  if (!privacy) fields['privacy'] = 'Debes aceptar la política de privacidad para continuar';
  return fields;
}

/** The API names the lead's fields `lead.email` (create) or `travellers.0.reservationFields.email` (update). */
export function leadFieldsOf(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([key, message]) => [key.replace(/^lead\.|^travellers\.0\.reservationFields\./, ''), message]));
}

const CHECK_FIELDS = 'Revisa los datos marcados.';

/** Checks the form and marks the busy state; false (with the messages in the store) when something is wrong. */
function begin(): LeadForm | null {
  const form = $leadForm.get();
  if (form.busy) return null;
  const fields = checkLead(form);
  if (Object.keys(fields).length > 0) {
    $leadForm.set({ ...form, fields, message: CHECK_FIELDS });
    return null;
  }
  $leadForm.set({ ...form, fields: {}, message: null, busy: true });
  return form;
}

function refused(result: { message: string; fields: Record<string, string> }): null {
  $leadForm.set({ ...$leadForm.get(), busy: false, fields: leadFieldsOf(result.fields), message: result.message });
  return null;
}

/**
 * 'Continuar' without a booking: creates it and answers the flights step's address (null when refused).
 * The new id goes into this step's address first, so 'back' from the flights step lands on the booking.
 */
export async function createBookingFromLead(slug: string): Promise<string | null> {
  const funnel = $funnel.get();
  if (funnel.periodId === null) return null;
  const form = begin();
  if (!form) return null;
  const result = await createFunnelBooking({
    periodId: funnel.periodId,
    adults: funnel.adults,
    children: funnel.children,
    lead: { ...form.lead, surname: form.lead.surname || undefined },
    consents: { privacy: true, marketing: form.marketing },
  });
  if (!result.ok) return refused(result);
  $funnel.set({ ...$funnel.get(), bookingId: result.data.id, lastStep: 'details', passengerDrafts: {} });
  if (typeof history !== 'undefined') history.replaceState(null, '', stepPath('details', slug, result.data.id));
  await loadBooking(result.data.id, 'flights');
  return stepPath('flights', slug, result.data.id);
}

/** 'Continuar' with a booking: saves the lead and answers the flights step's address (null when refused). */
export async function saveBookingLead(view: BookingView, slug: string): Promise<string | null> {
  const lead = view.travellers[0];
  const form = lead ? begin() : null;
  if (!lead || !form) return null;
  const result = await patchBooking(view.id, { travellers: [{ id: lead.id, reservationFields: { ...form.lead, surname: form.lead.surname || undefined } }] });
  if (!result.ok) return refused(result);
  return stepPath('flights', slug, view.id);
}

/** The party in words, as the form's summary says it: '2 adultos y 1 niño'. */
export function describeParty(adults: number, children: number): string {
  return `${adults} ${adults === 1 ? 'adulto' : 'adultos'}${children > 0 ? ` y ${children} ${children === 1 ? 'niño' : 'niños'}` : ''}`;
}
