/**
 * The feedback of one departure (/admin/tour/{tourID}/survey/{id}): read once when the screen opens. The
 * CSV is a link to the same answer as a file, so the download carries the session cookie like any call.
 */
import { map } from 'nanostores';
import type { TourSurveyView } from '#shared/schemas/tour-survey.ts';
import { api, callApi } from '../lib/api-client.ts';

export interface TourSurveyState {
  status: 'loading' | 'ready' | 'failed';
  survey: TourSurveyView | null;
  message: string | null;
}

export const $tourSurvey = map<TourSurveyState>({ status: 'loading', survey: null, message: null });

export const surveyCsvHref = ({ tour, period }: Pick<TourSurveyView, 'tour' | 'period'>) =>
  `/api/admin/surveys/${encodeURIComponent(tour.id)}/${encodeURIComponent(period.id)}/export.csv`;

export async function openTourSurvey(tourId: string, periodId: string) {
  $tourSurvey.set({ status: 'loading', survey: null, message: null });
  const result = await callApi(() => api.admin.surveys[':tourId'][':periodId'].$get({ param: { tourId, periodId } }));
  $tourSurvey.set(result.ok ? { status: 'ready', survey: result.data, message: null } : { status: 'failed', survey: null, message: result.message });
}
