/**
 * The signed-in traveller's own trips (issue 13; storefront-and-booking.md, signed-in traveller area):
 * `/perfil/viajes` and `/perfil/reserva/{id}`. Only bookings the traveller holds or travels on; any other
 * id answers 404.
 */
import type { BookingStatus } from '../enums.ts';
import type { PendingItem } from '../rules/profile.ts';
import type { PointsMovement } from './travelers.ts';

export interface TripRow {
  id: string;
  tkId: string | null;
  differentId: string;
  status: BookingStatus;
  tourName: string;
  tourSlug: string;
  dayOne: string;
  returnDate: string;
  travellers: number;
  priceCents: number;
  paidCents: number;
  dueCents: number;
}

export interface TripsAnswer {
  upcoming: TripRow[];
  past: TripRow[];
}

/** The passenger fields a traveller completes on their booking, as the funnel's passengers step asks them. */
export const TRIP_PASSENGER_FIELDS = ['name', 'surname', 'birthdate', 'national_id', 'passport', 'email', 'phone'] as const;
export type TripPassengerField = (typeof TRIP_PASSENGER_FIELDS)[number];

export interface TripTraveller {
  id: string;
  name: string;
  ageGroup: string;
  lead: boolean;
  room: string | null;
  services: string[];
  fields: Partial<Record<TripPassengerField, string>>;
  /** What is still missing or wrong, by field, in the funnel's words (empty when complete). */
  missing: Partial<Record<TripPassengerField, string>>;
}

/** An optional activity the booking can still add, and what it would cost for each passenger who has not got it. */
export interface TripActivityOption {
  activityId: string;
  name: string;
  /** Seats left, when the activity counts them. */
  left: number | null;
  prices: { travellerId: string; amountCents: number }[];
}

export interface TripDetail {
  trip: TripRow & { flightName: string | null; numberOfDays: number | null };
  /** The booking as this page saw it: a change sent from it is refused if the booking changed meanwhile. */
  updatedAt: string;
  /** Why passengers cannot be completed nor activities added now (not the holder, trip started), or null. */
  changeBlocker: string | null;
  travellers: TripTraveller[];
  activityOptions: TripActivityOption[];
  payments: { amountCents: number; method: string; confirmedAt: string; receiptUrl: string }[];
  /** What each payment deadline still owes, earliest first (the insurance still unpaid with the first). */
  deadlines: { date: string; amountCents: number }[];
  documents: { name: string; kind: 'ETICKET' | 'DOCUMENT'; url: string }[];
  /** Where what is owed is paid (the pay-by-link page); null when nothing is owed or it cannot be paid online. */
  payUrl: string | null;
  /** The voucher PDF, once the booking is confirmed. */
  voucherUrl: string | null;
  /** The booking's invoices (one per payment; corrections with negative totals), each a PDF (docs/decisions/043). */
  invoices: { number: string; correction: boolean; issueDate: string; totalCents: number; url: string }[];
  /** The trip's documentation PDF (practical information), once the booking is confirmed or waiting for a transfer. */
  documentationUrl: string | null;
  /** The trip day by day, as the tour's itinerary names the days. */
  itinerary: { rank: number; title: string; city: string | null }[];
  /** The mails this booking has sent the traveller, oldest first: what, when, and whether it has gone yet. */
  mails: { subject: string; sentAt: string | null; createdAt: string; status: 'PENDING' | 'SENT' | 'FAILED' }[];
}

/** `GET /api/me/summary`: the profile's first screen. */
export interface ProfileSummary {
  points: number;
  /** What the points are worth as a discount, in cents (whole euros). */
  pointsValueCents: number;
  /** The latest rows of the points ledger, newest first: earned, spent, compensations, with their bookings. */
  pointsMovements: PointsMovement[];
  nextTrip: TripRow | null;
  pending: PendingItem[];
}
