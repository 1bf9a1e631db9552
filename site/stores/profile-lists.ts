/**
 * /perfil/presupuestos-y-favoritos: the traveller's saved budgets (repriced by the API now) and favourite
 * tours, read from `/api/me` (shared/schemas/me-lists.ts), which narrows everything to the signed-in
 * traveller on the server. Deleting a budget asks first; removing a favourite does not (the heart adds it
 * back).
 */
import { map } from 'nanostores';
import type { BudgetView, FavoriteTourView } from '#shared/schemas/me-lists.ts';
import { api, callApi } from '../lib/api-client.ts';

export interface BudgetsState {
  status: 'loading' | 'ready' | 'failed';
  budgets: BudgetView[] | null;
  /** The budget whose deletion waits for 'Sí, eliminar'. */
  confirming: string | null;
  /** The budget being deleted now. */
  deleting: string | null;
  /** What the last action did, for the status line. */
  done: string | null;
  /** Why loading or the last action failed, in Spanish. */
  message: string | null;
}

export const $budgets = map<BudgetsState>({ status: 'loading', budgets: null, confirming: null, deleting: null, done: null, message: null });

export async function loadBudgets(): Promise<void> {
  $budgets.set({ ...$budgets.get(), status: 'loading', message: null });
  const result = await callApi(() => api.me.budgets.$get());
  if (result.ok) $budgets.set({ ...$budgets.get(), status: 'ready', budgets: result.data.budgets });
  else $budgets.set({ ...$budgets.get(), status: 'failed', budgets: null, message: result.message });
}

export function askToDeleteBudget(id: string): void {
  $budgets.set({ ...$budgets.get(), confirming: id, done: null, message: null });
}

export function keepBudget(): void {
  $budgets.setKey('confirming', null);
}

/** Deletes the budget being confirmed; true when it is gone. */
export async function deleteBudget(id: string): Promise<boolean> {
  const budget = $budgets.get().budgets?.find((b) => b.id === id);
  $budgets.set({ ...$budgets.get(), deleting: id, message: null });
  const result = await callApi(() => api.me.budgets[':id'].$delete({ param: { id } }));
  const state = $budgets.get();
  // Gone already (deleted in another tab): it is off the list either way.
  if (result.ok || result.status === 404) {
    $budgets.set({
      ...state,
      budgets: state.budgets?.filter((b) => b.id !== id) ?? null,
      confirming: null,
      deleting: null,
      done: `Hemos eliminado el presupuesto «${budget?.budgetName ?? ''}».`,
    });
    return true;
  }
  $budgets.set({ ...state, deleting: null, message: result.message });
  return false;
}

export interface FavoritesState {
  status: 'loading' | 'ready' | 'failed';
  favorites: FavoriteTourView[] | null;
  /** The tour being removed now. */
  removing: string | null;
  done: string | null;
  message: string | null;
}

export const $favorites = map<FavoritesState>({ status: 'loading', favorites: null, removing: null, done: null, message: null });

export async function loadFavorites(): Promise<void> {
  $favorites.set({ ...$favorites.get(), status: 'loading', message: null });
  const result = await callApi(() => api.me.favorites.$get());
  if (result.ok) $favorites.set({ ...$favorites.get(), status: 'ready', favorites: result.data.favorites });
  else $favorites.set({ ...$favorites.get(), status: 'failed', favorites: null, message: result.message });
}

export async function removeFavorite(tourId: string): Promise<boolean> {
  const tour = $favorites.get().favorites?.find((f) => f.tourId === tourId);
  $favorites.set({ ...$favorites.get(), removing: tourId, done: null, message: null });
  const result = await callApi(() => api.me.favorites[':tourId'].$delete({ param: { tourId } }));
  const state = $favorites.get();
  if (result.ok || result.status === 404) {
    $favorites.set({
      ...state,
      favorites: state.favorites?.filter((f) => f.tourId !== tourId) ?? null,
      removing: null,
      done: `Hemos quitado «${tour?.name ?? ''}» de tus favoritos.`,
    });
    return true;
  }
  $favorites.set({ ...state, removing: null, message: result.message });
  return false;
}
