/**
 * The guides' area (cms-and-backoffice.md §6, Guide row: "sees own periods, activities, flights,
 * itinerary and bookings"): the departures list of /admin/guias and one departure as the guide needs it
 * on tour (/admin/guias/{periodId}). Plain data the API answers and the islands read (and keep offline).
 */
import { z } from 'zod';

export const GuideDepartureListQuerySchema = z.object({
  /** Admins only: the departures of one guide. */
  guideId: z.string().min(1).max(100).optional(),
});

export interface GuideSummary {
  id: string;
  name: string;
  email: string;
  phone: string | null;
}

export interface GuideDepartureRow {
  periodId: string;
  /** The departure's tour: where staff assign its guides (/admin/tour/{tourID}/guide/{periodID}). */
  tourId: string;
  tourName: string;
  dayOne: string;
  returnDate: string;
  guides: string[];
  /** Travellers of confirmed bookings. */
  travellers: number;
  /** Confirmed bookings that still owe money. */
  owing: number;
}

export interface GuideDepartureList {
  /** Whom the list is for: the guide, or every guide for an admin. */
  viewer: 'guide' | 'admin';
  guides: GuideSummary[];
  upcoming: GuideDepartureRow[];
  past: GuideDepartureRow[];
}

export interface GuideTraveller {
  name: string;
  ageGroup: string;
  lead: boolean;
  phone: string | null;
  email: string | null;
  room: string | null;
  roommates: string[];
  activities: string[];
  /** What is still missing of this traveller's details (documents, birth date, contact), in Spanish. */
  missing: string[];
}

export interface GuideBooking {
  bookingId: string;
  reference: string;
  flight: string | null;
  leadName: string;
  leadPhone: string | null;
  travellers: GuideTraveller[];
  notes: string[];
  totalCents: number;
  paidCents: number;
  remainingCents: number;
}

export interface GuideFlight {
  name: string;
  travellers: number;
  segments: { direction: string; flightNumber: string | null; from: string; to: string; departureAt: string; arrivalAt: string }[];
}

export interface GuideDeparture {
  period: {
    id: string;
    tourId: string;
    tourName: string;
    dayOne: string;
    returnDate: string;
    numberOfDays: number;
    meetingPoint: string | null;
    emergencyNumbers: string | null;
  };
  guides: GuideSummary[];
  days: { rank: number; date: string; title: string; description: string | null; city: string | null }[];
  activities: { name: string; takers: string[] }[];
  flights: GuideFlight[];
  rooms: { name: string; travellers: number }[];
  bookings: GuideBooking[];
  /** When the server read it, UTC ISO: the offline copy says how old it is. */
  readAt: string;
}
