/** The traveller's questions to the office and the replies (issue 33), on /perfil. */
import { map } from 'nanostores';
import type { MyQuestion } from '#shared/schemas/inbox.ts';
import { api, callApi } from '../lib/api-client.ts';

export const $myQuestions = map<{ questions: MyQuestion[] | null; message: string | null }>({ questions: null, message: null });

export async function loadMyQuestions() {
  const result = await callApi(() => api.me.questions.$get());
  $myQuestions.set(result.ok ? { questions: result.data.questions, message: null } : { questions: null, message: result.message });
}
