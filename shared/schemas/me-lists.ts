/**
 * The traveller's saved budgets and favourite tours (issue 13; storefront-and-booking.md, signed-in
 * traveller area: `/perfil/presupuestos-y-favoritos`, Booking.budgetName/budgetPath, Traveler.favoriteTours).
 * Routes, all under `/api/me` and narrowed to the signed-in traveller on the server:
 *
 * - `GET /favorites`: the favourite tours, newest first (`FavoritesAnswer`).
 * - `GET /favorites/ids`: only their tour ids, for the hearts of the static pages (`FavoriteIdsAnswer`).
 * - `PUT /favorites/:tourId`: adds one; pressing twice keeps one (`FavoriteAnswer`).
 * - `DELETE /favorites/:tourId`: removes one; a tour that is not among theirs is a 404.
 * - `GET /budgets`: the saved budgets, repriced now (`BudgetsAnswer`).
 * - `DELETE /budgets/:id`: takes a budget off the list (docs/decisions/019-saved-budgets-and-favourites.md).
 */
import { z } from 'zod';
import type { BudgetNotice } from '../rules/budgets.ts';

/** Tour ids are what the static pages print on their hearts; anything else names no tour. */
export const TourIdParamSchema = z.strictObject({ tourId: z.string().trim().min(1).max(100) });
/** Booking ids are UUIDs. */
export const BudgetIdParamSchema = z.strictObject({ id: z.uuid() });

export interface FavoriteTourView {
  tourId: string;
  name: string;
  slug: string;
  /** Destination names, in the tour's order. */
  destinations: string[];
  /** The tour's lowest adult price ('desde'); null when it has none. */
  fromCents: number | null;
  /** Whether the tour still has a page with departures on sale; when false the card does not link. */
  onSale: boolean;
  addedAt: string;
}

export interface FavoritesAnswer {
  favorites: FavoriteTourView[];
}

export interface FavoriteIdsAnswer {
  tourIds: string[];
}

export interface FavoriteAnswer {
  tourId: string;
  favorite: true;
}

export interface BudgetView {
  /** The booking's id: the budget is an IN_PROGRESS booking with a name. */
  id: string;
  budgetName: string;
  tourName: string;
  tourSlug: string;
  dayOne: string;
  returnDate: string;
  travellers: number;
  /** What the booking cost when it was last priced in the funnel. */
  savedCents: number;
  /** The same choices priced now with the shop's quote; null when the departure is gone. */
  currentCents: number | null;
  priceChanged: boolean;
  /** Whether every seat the booking needs (departure, flight, rooms, activities) is still left. */
  seatsAvailable: boolean;
  /** Whether the departure is still sold on the web: only then can the booking be resumed. */
  onSale: boolean;
  /** What changed since it was saved, in Spanish, most important first; empty when nothing did. */
  notices: BudgetNotice[];
  /** The funnel step that continues the booking; null when it cannot be resumed. */
  resumePath: string | null;
  savedAt: string;
}

export interface BudgetsAnswer {
  budgets: BudgetView[];
}
