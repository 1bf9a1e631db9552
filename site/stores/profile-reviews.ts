/**
 * /perfil/mis-resenas: the traveller's reviews and the trips still waiting for one, read from
 * `/api/me/reviews`, which narrows everything to the signed-in traveller and signs fresh feedback links.
 */
import { map } from 'nanostores';
import type { MyReviewsAnswer } from '#shared/schemas/feedback.ts';
import { api, callApi } from '../lib/api-client.ts';

export interface MyReviewsState {
  status: 'loading' | 'ready' | 'failed';
  answer: MyReviewsAnswer | null;
  message: string | null;
}

export const $myReviews = map<MyReviewsState>({ status: 'loading', answer: null, message: null });

export async function loadMyReviews() {
  $myReviews.set({ status: 'loading', answer: $myReviews.get().answer, message: null });
  const result = await callApi(() => api.me.reviews.$get());
  $myReviews.set(result.ok ? { status: 'ready', answer: result.data, message: null } : { status: 'failed', answer: null, message: result.message });
}
