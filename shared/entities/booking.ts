/** Bookings, the funnel's working state, the traveller links and the ERP / flight-service records of a booking. */
import type { BookingStatus, MailType } from '../enums.ts';
import type { Flight } from './flights.ts';
import type { Payment } from './payments.ts';
import type { Retailer, Traveler } from './people.ts';

/**
 * A traveller entry of the booking working state (the funnel's store), before it becomes a Traveler.
 */
export interface BookingTravelerEntry {
  /** Random 3-digit string, 100 to 999, unique within the booking. */
  id: string;
  ageGroup: string;
  /** Default 'Standard category'. */
  category: string;
  /** True only for the first entry once adults are sorted first. */
  lead: boolean;
  /** Selected optional activity and pack ids; default ['0'] meaning none. */
  optionalActivities: string[];
  /** name, email, national_id and the other fields the tour asks for. */
  reservationFields: Record<string, string>;
  reservationMode: string | null;
  departureFlightActivityId: string | null;
  departureServiceCombinationId: string | null;
  returnFlightActivityId: string | null;
  returnServiceCombinationId: string | null;
}

/** The funnel's working state: "initial values are 1 adult, 0 children and no travelers". */
export interface BookingWorkingState {
  adults: number;
  children: number;
  travelers: BookingTravelerEntry[];
  selectedPeriodId: string | null;
  selectedFlightId: string | null;
  selectedTripType: string | null;
  noFlight: boolean;
  loading: boolean;
  fetchSuccess: boolean;
}

/** One payment deadline from Booking.deadlinesStringify. */
export interface BookingDeadline {
  date: string;
  amountCents: number;
}

export interface CockpitPreBooking {
  id: string;
  bookingId: string;
  /** Per traveller; 0 means no fare. */
  fareCents: number;
  fareId: string;
  inboundItineraryId: string | null;
  outboundItineraryId: string | null;
  cockpitFlightId: string | null;
  flightId: string | null;
  createdAt: string;
}

export interface CockpitBooking {
  id: string;
  bookingId: string;
  pnrLocator: string | null;
  pseudoCityCode: string | null;
  purchasePriceCents: number | null;
  totalTaxCents: number | null;
  agencyPurchasePriceCents: number | null;
  agencyMarginCents: number | null;
  agencyCommissionPercent: number | null;
  ticketTimeLimit: string | null;
  status: string | null;
  createdAt: string;
}

export interface MailLog {
  id: string;
  mailId: string | null;
  bookingId: string | null;
  type: MailType;
  status: string;
  error: string | null;
  createdAt: string;
}

/** An answer from the tour-operator system about a booking (tkResponse). */
export interface BookingResponse {
  id: string;
  bookingId: string;
  tkResponse: string;
  createdAt: string;
}

export interface Booking {
  id: string;
  /** Not a spec field: the states of the spec's enumeration need a home on the booking. */
  status: BookingStatus;
  tkId: string | null;
  retailerId: string | null;
  /** The traveller who booked (the lead), once known. */
  travelerId: string | null;
  /** Random 6-digit string, 100000 to 999999. */
  differentId: string;
  budgetName: string | null;
  budgetPath: string | null;
  couponId: string | null;
  priceCents: number;
  /** JSON list of BookingTravelerEntry, as stored. */
  travelersStringify: string;
  /** JSON list of BookingDeadline, as stored. */
  deadlinesStringify: string;
  documentKeys: string | null;
  /** JSON, as stored. */
  roommates: string;
  /** JSON, as stored. */
  modes: string;
  periodId: string;
  flightId: string | null;
  cockpitPreBookingId: string | null;
  cockpitBookingId: string | null;
  /** 'PR' for a new booking. */
  tkStatus: string;
  tkPaymentStatus: string | null;
  tpvPaymentStatus: string | null;
  surveyId: string | null;
  visitedSourceId: string | null;
  luggage: string | null;
  howToCheckIn: string | null;
  /** Always 'Booking'. */
  type: string;
  hash: string | null;
  invoiceRef: string | null;
  urlInvoice: string | null;
  fileStatus: string | null;
  pollMeetType: string | null;
  pollObservations: string | null;
  transferCancellationDate: string | null;
  notifyReminder: boolean;
  notifyDocumentation: boolean;
  notifyInsurance: boolean;
  notifyCancellation: boolean;
  notifyEticket: boolean;
  cockpitBooking: CockpitBooking | null;
  cockpitPreBooking: CockpitPreBooking | null;
  responses: BookingResponse[];
  flight: Flight | null;
  payments: Payment[];
  travelers: Traveler[];
  mailLogs: MailLog[];
  retailer: Retailer | null;
  createdAt: string;
  updatedAt: string;
}
