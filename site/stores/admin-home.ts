/** The day at a glance (/admin): the figures and the next departures, loaded once the screen opens. */
import { map } from 'nanostores';
import type { DashboardAnswer } from '#shared/schemas/backoffice.ts';
import { api, callApi } from '../lib/api-client.ts';

export interface AdminHomeState {
  status: 'loading' | 'ready' | 'failed';
  answer: DashboardAnswer | null;
  message: string | null;
}

export const $adminHome = map<AdminHomeState>({ status: 'loading', answer: null, message: null });

export async function openAdminHome() {
  const result = await callApi(() => api.admin.dashboard.$get());
  $adminHome.set(result.ok ? { status: 'ready', answer: result.data, message: null } : { status: 'failed', answer: null, message: result.message });
}
