/** Travellers, agencies, guides, accounts and the records visitors leave (contact questions, visit logs). */
import type { StaffGroup } from '../enums.ts';
import type { Booking } from './booking.ts';

export interface Country {
  id: string;
  iso: string;
  name: string;
  nationality: string | null;
}

export interface Traveler {
  id: string;
  cognitoId: string | null;
  externalId: string | null;
  dni: string | null;
  passportId: string | null;
  bookingId: string | null;
  name: string;
  surname: string;
  email: string | null;
  /** YYYY-MM-DD; '' or null when unknown ("an empty … birthdate" on first sign-in). */
  birthdate: string | null;
  phone: string | null;
  /** Points balance (points, not money). */
  accumulatedReward: number;
  sex: string | null;
  retailerId: string | null;
  countryId: string | null;
  cityId: string | null;
  country: Country | null;
  /** Ids of favourite tours. */
  favoriteTours: string[];
  bookings: Booking[];
  contactQuestions: ContactTour[];
  createdAt: string;
  updatedAt: string;
}

export interface Retailer {
  id: string;
  cif: string;
  corporateName: string | null;
  name: string;
  fiscalName: string | null;
  type: string | null;
  contactPerson: string | null;
  phone: string | null;
  email: string | null;
  invoiceEmail: string | null;
  documentationEmail: string | null;
  address: string | null;
  postalCode: string | null;
  city: string | null;
  latitude: number | null;
  longitude: number | null;
  /** 'BUSINESS' is the membership staff screens load. */
  membership: string | null;
  paymentType: string | null;
}

export interface ContactTour {
  id: string;
  question: string;
  tourName: string | null;
  tourId: string | null;
  travelerId: string | null;
  name: string;
  surname: string | null;
  email: string;
  phone: string | null;
  createdAt: string;
}

export interface VisitorLog {
  id: string;
  hash: string;
  path: string;
  utmSource: string | null;
  utmMedium: string | null;
  utmVisitor: string | null;
  utmCampaign: string | null;
  travelerId: string | null;
  bookingId: string | null;
  passengers: number | null;
  type: string | null;
  createdAt: string;
}

/** "A session is valid only if it is valid and its access token has not expired." */
export interface Session {
  id: string;
  userId: string;
  valid: boolean;
  accessTokenExpiresAt: string;
  groups: StaffGroup[];
}
