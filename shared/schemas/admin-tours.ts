/**
 * The catalogue desk's contract with `/api/admin/tours` (issue 14; cms-and-backoffice.md §2 /admin/tours,
 * §7 POST/DELETE tour): the search with its filters, each tour with its next departures and seats sold,
 * and publishing or hiding a tour on the web. The island and the server check input with these schemas.
 */
import { z } from 'zod';
import { TOUR_TYPES } from '../enums.ts';

export const ADMIN_TOUR_PAGE_SIZE = 25;
export const TOUR_STATUSES = ['ACTIVE', 'UPDATING', 'INACTIVE'] as const;

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const flag = z.preprocess(blankToUndefined, z.enum(['1', '0']).optional());

export const AdminTourListQuerySchema = z.strictObject({
  /** Any part of the name or the web address, accents and case aside. */
  q: z.preprocess(blankToUndefined, z.string().trim().min(2, 'Escribe al menos 2 caracteres.').max(100, 'Escribe como mucho 100 caracteres.').optional()),
  type: z.preprocess(blankToUndefined, z.enum(TOUR_TYPES).optional()),
  status: z.preprocess(blankToUndefined, z.enum(TOUR_STATUSES).optional()),
  /** A destination's slug. */
  destination: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
  publishWeb: flag,
  bookable: flag,
  page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(100_000).default(1)),
});
export type AdminTourListQuery = z.infer<typeof AdminTourListQuerySchema>;

export interface AdminTourDeparture {
  periodId: string;
  dayOne: string;
  /** Seats taken for good by bookings (confirmed holds). */
  sold: number;
  /** Seats sold plus the seats still on sale. */
  capacity: number;
  webBookable: boolean;
}

export interface AdminTourRow {
  id: string;
  name: string;
  webSlug: string;
  tourType: (typeof TOUR_TYPES)[number];
  status: (typeof TOUR_STATUSES)[number];
  publishWeb: boolean;
  bookable: boolean;
  destinations: string[];
  /** The next departures from today, soonest first (at most three). */
  nextDepartures: AdminTourDeparture[];
  upcomingDepartures: number;
}

export interface AdminTourListAnswer {
  rows: AdminTourRow[];
  total: number;
  page: number;
  pageSize: number;
  /** What the destination filter offers. */
  destinations: { slug: string; name: string }[];
}

/** 'Publicar en la web' / 'Ocultar de la web': one id per press, so a double click applies once. */
export const TourPublishSchema = z.strictObject({ requestId: z.string().trim().min(8).max(100) });
