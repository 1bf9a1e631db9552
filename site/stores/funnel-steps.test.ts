/**
 * The funnel's step stores against the real API (tests/support/island-api.ts): what each action asks, what
 * it keeps and what it tells the visitor. The islands only render these stores.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { passengerFields, validBooking } from '../../tests/support/booking-fixtures.ts';
import { withIslandApi } from '../../tests/support/island-api.ts';
import { $funnel, $view, INITIAL_FUNNEL, loadBooking } from './booking.ts';
import { $customiseStep, chosenActivities, loadCustomiseStep, saveChoice, splitOptions, toggleActivity, withPending } from './customise-step.ts';
import {
  $leadForm,
  checkLead,
  createBookingFromLead,
  describeParty,
  leadFieldsOf,
  openBookingLead,
  openNewBooking,
  saveBookingLead,
  setLeadConsent,
  setLeadField,
} from './details-step.ts';
import { $flightsStep, chooseFlightOption, groupByCity, loadFlightsStep, offersNoFlight } from './flights-step.ts';
import { $passengersStep, checkPassengers, loadPassengersStep, mergedFields, passengerInputId, savePassengers, sharedModes } from './passengers-step.ts';
import { $startStep, maxTravellersFor, openBookingStart, partyFits, quoteParty, startOver } from './start-step.ts';

const api = withIslandApi();
const SLUG = 'japon-esencial';
const today = new Date().toISOString().slice(0, 10);

beforeEach(() => {
  $funnel.set(INITIAL_FUNNEL);
  $view.set(null);
});

/** A booking made through the API as the details step makes it, loaded into the funnel's view. */
async function bookedParty(overrides: Record<string, unknown> = {}) {
  const res = await globalThis.fetch('/api/bookings', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(validBooking(overrides)),
  });
  const { id } = (await res.json()) as { id: string };
  const view = await loadBooking(id, 'flights');
  if (!view) throw new Error('the booking did not load');
  return view;
}

describe('the first step', () => {
  it("opens on the tour's first bookable departure and prices the party there", async () => {
    await openBookingStart(SLUG, null);
    expect($startStep.get().tour?.tour.name).toBe('Japón esencial');
    expect($funnel.get()).toMatchObject({ slug: SLUG, periodId: 'p1', adults: 1, children: 0 });
    await quoteParty({ periodId: 'p1', adults: 2, children: 1 });
    expect($startStep.get().quote?.totalCents).toBeGreaterThan(0);
  });

  it('keeps the departure the tour page asked for, and offers a booking left half-way', async () => {
    $funnel.set({ ...INITIAL_FUNNEL, slug: SLUG, bookingId: 'b-old', lastStep: 'customise' });
    await openBookingStart(SLUG, 'p1');
    expect($startStep.get().pending).toEqual({ bookingId: 'b-old', step: 'customise' });
    startOver();
    expect($startStep.get().pending).toBeNull();
    expect($funnel.get().bookingId).toBeNull();
  });

  it('says so in Spanish when the tour is not on sale', async () => {
    await openBookingStart('no-existe', null);
    expect($startStep.get().error).toBe('No encontramos ese viaje. Puede que ya no esté a la venta.');
  });

  it('a party fits while the departure has the seats; the counters stop at the seats left', () => {
    const departure = { periodId: 'p1', dayOne: today, returnDate: today, bookableAvailability: 3, fromPriceCents: 1 } as Parameters<typeof partyFits>[0];
    expect(partyFits(departure, 3)).toBe(true);
    expect(partyFits(departure, 4)).toBe(false);
    expect(partyFits(null, 1)).toBe(false);
    expect(maxTravellersFor(departure)).toBe(3);
    expect(maxTravellersFor(null)).toBe(1);
  });
});

describe('the complete-details step', () => {
  it('checks the contact and the privacy consent before sending anything', async () => {
    expect(checkLead({ lead: { name: '', surname: '', email: 'ana@', phone: '1' }, privacy: false })).toEqual({
      name: expect.any(String),
      email: expect.any(String),
      phone: expect.any(String),
      privacy: 'Debes aceptar la política de privacidad para continuar',
    });
    $funnel.set({ ...INITIAL_FUNNEL, slug: SLUG, periodId: 'p1' });
    await openNewBooking(SLUG);
    api.calls.length = 0;
    expect(await createBookingFromLead(SLUG)).toBeNull();
    expect($leadForm.get().message).toBe('Revisa los datos marcados.');
    expect(api.calls).toEqual([]);
  });

  it('creates the booking with the party of the first step and answers the flights step', async () => {
    $funnel.set({ ...INITIAL_FUNNEL, slug: SLUG, periodId: 'p1', adults: 2, children: 1 });
    await openNewBooking(SLUG);
    const lead = validBooking().lead;
    for (const key of ['name', 'surname', 'email', 'phone'] as const) setLeadField(key, lead[key], { keep: true });
    setLeadConsent('privacy', true);
    expect($funnel.get().lead.email).toBe(lead.email);
    const next = await createBookingFromLead(SLUG);
    const bookingId = $funnel.get().bookingId;
    expect(next).toBe(`/tour/${SLUG}/anade-tus-vuelos/${bookingId}`);
    expect($view.get()).toMatchObject({ id: bookingId, adults: 2, children: 1 });
  });

  it('edits the lead of a booking that exists, starting from what it has', async () => {
    const view = await bookedParty();
    openBookingLead(view.id);
    expect($leadForm.get()).toMatchObject({ lead: { name: 'Ana', email: 'ana.garcia@viajes.es' }, privacy: true, busy: false });
    setLeadField('name', 'Anabel', { keep: false });
    expect(await saveBookingLead(view, SLUG)).toBe(`/tour/${SLUG}/anade-tus-vuelos/${view.id}`);
    expect((await loadBooking(view.id, 'details'))?.travellers[0]?.reservationFields['name']).toBe('Anabel');
    expect($funnel.get().lead.name).toBe('');
    expect(leadFieldsOf({ 'lead.email': 'a', 'travellers.0.reservationFields.phone': 'b' })).toEqual({ email: 'a', phone: 'b' });
    expect(describeParty(1, 0)).toBe('1 adulto');
    expect(describeParty(2, 1)).toBe('2 adultos y 1 niño');
  });
});

describe('the flights step', () => {
  it('lists the options by departure city and saves the choice of no flight', async () => {
    const view = await bookedParty();
    await loadFlightsStep(view.id);
    const options = $flightsStep.get().options;
    expect(options?.options.length).toBeGreaterThan(0);
    expect(groupByCity(options?.options ?? []).map((g) => g.city)).toEqual([...new Set(groupByCity(options?.options ?? []).map((g) => g.city))]);
    expect(offersNoFlight(options ?? null)).toBe(!(options?.options ?? []).some((o) => o.noFlight));
    await chooseFlightOption(null);
    expect($flightsStep.get()).toMatchObject({ busy: false, message: null, changed: null });
    expect($view.get()?.flightId).toBeNull();
  });
});

describe('the customise step', () => {
  it('saves a room choice and shows it while saving', async () => {
    const view = await bookedParty();
    await loadCustomiseStep(view.id);
    expect(splitOptions($customiseStep.get().options).insurance.map((a) => a.activityId)).toEqual(['SEG']);
    const lead = view.travellers[0]!;
    const saving = saveChoice(lead.id, { reservationMode: 'DBL' });
    expect(withPending(view.travellers, $customiseStep.get().pending)[0]?.reservationMode).toBe('DBL');
    expect(await saving).toBe(true);
    expect($view.get()?.travellers[0]?.reservationMode).toBe('DBL');
    expect($view.get()?.quote.totalCents).toBeGreaterThan(view.quote.totalCents);
  });

  it('says which option ran out when the server refuses it, and puts the choice back', async () => {
    const view = await bookedParty();
    await api.t.db.updateTable('optionalActivities').set({ bookableAvailability: 1 }).where('activityId', '=', 'ACT1').execute();
    await loadCustomiseStep(view.id);
    const [first, second] = $view.get()!.travellers;
    expect(await toggleActivity(first!, { activityId: 'ACT1' }, true)).toBe(true);
    expect(await toggleActivity(second!, { activityId: 'ACT1' }, true)).toBe(false);
    expect($customiseStep.get().message).toContain('Ceremonia del té');
    expect($customiseStep.get().pending).toEqual({});
    expect(chosenActivities($view.get()!.travellers[1]!)).toEqual([]);
  });
});

describe('the passengers step', () => {
  it('finds what is missing before saving, named as the server names it', async () => {
    const view = await bookedParty();
    await loadPassengersStep(view.id);
    expect(await savePassengers(view, { today })).toBe(false);
    const { fields, message } = $passengersStep.get();
    expect(message).toBe('Revisa los datos marcados.');
    expect(Object.keys(fields)).toContain('travellers.1.name');
    expect(passengerInputId('travellers.1.name')).toBe('p-1-name');
    expect(checkPassengers(view.travellers, { dayOne: view.dayOne, today })).toEqual(fields);
  });

  it('saves what was typed over what the booking has, and clears the drafts', async () => {
    const view = await bookedParty();
    await loadPassengersStep(view.id);
    const typed = (fields: object) => Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
    const drafts = Object.fromEntries(passengerFields(view.travellers).map((t) => [t.id, typed(t.reservationFields)]));
    $funnel.setKey('passengerDrafts', drafts);
    expect(mergedFields(view.travellers[1]!)).toMatchObject({ name: 'Luis' });
    expect(await savePassengers(view, { today })).toBe(true);
    expect($funnel.get().passengerDrafts).toEqual({});
    expect($view.get()?.travellers[1]?.reservationFields['name']).toBe('Luis');
    expect(sharedModes($passengersStep.get().modes, $view.get()!.travellers)).toEqual([]);
  });
});
