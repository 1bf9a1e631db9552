/**
 * Campaign attribution (cms-and-backoffice.md §7 createVisitorLog): the utm source, medium, visitor and
 * campaign of an address are kept 15 days, and each page seen meanwhile is logged, only with the visitor's
 * consent. The browser keeps a random visit id in the `dr_visit` cookie; the campaign lives on the server.
 */
import { z } from 'zod';

export { CAMPAIGN_DAYS, isVisitId, VISIT_COOKIE } from '../campaign.ts';

const Utm = z.string().trim().min(1).max(100).optional();

/**
 * `POST /api/visits`: a page seen (`view`, with `utm` when the address carried a campaign), or the same page
 * still in view after TIME_ON_PAGE_SECONDS (`time`).
 */
export const VisitSchema = z.strictObject({
  path: z.string().min(1).max(300).startsWith('/'),
  utm: z.strictObject({ source: Utm, medium: Utm, visitor: Utm, campaign: Utm }).optional(),
  event: z.enum(['view', 'time']).default('view'),
});
export type VisitRequest = z.infer<typeof VisitSchema>;

export interface CampaignFigures {
  source: string;
  medium: string | null;
  campaign: string | null;
  visitors: number;
  pages: number;
  /** Pages read for TIME_ON_PAGE_SECONDS or more. */
  read: number;
  bookings: number;
  /** Confirmed money of those bookings (points excluded), in cents. */
  revenueCents: number;
}

/** One page over the last days: who saw it, how often, and how often it was read for 30 seconds or more. */
export interface PageFigures {
  path: string;
  visitors: number;
  views: number;
  read: number;
}
