/**
 * The feedback screen (`/feedback/tour/…` and `/feedback/activity/…`): the link's `clave` read from the
 * address, what the API says the link is for, the review being written and its sending. Validated with
 * the same schemas as `POST /api/feedback/*`; the server decides, this only saves a round trip.
 */
import { map } from 'nanostores';
import {
  ActivityFeedbackSchema,
  FEEDBACK_LIMITS,
  FEEDBACK_LINK_PARAM,
  FEEDBACK_MESSAGES,
  FEEDBACK_PHOTO_TYPES,
  type FeedbackLinkView,
  TourFeedbackSchema,
  type TourRatingField,
} from '#shared/schemas/feedback.ts';
import { issuesToFields } from '#shared/schemas/errors.ts';
import { api, callApi } from '../lib/api-client.ts';

export const FEEDBACK_TEXT_FIELDS = ['title', 'description', 'opinion'] as const;
export type FeedbackTextField = (typeof FEEDBACK_TEXT_FIELDS)[number];
export type FeedbackField = TourRatingField | FeedbackTextField | 'photo';

export const CHECK_FIELDS_MESSAGE = 'Revisa los campos marcados.';

export interface FeedbackState {
  /** loading: asking what the link is for; closed: the link cannot be used (`message` says why). */
  status: 'loading' | 'closed' | 'ready' | 'sending' | 'sent';
  clave: string;
  link: FeedbackLinkView | null;
  ratings: Record<TourRatingField, number | null>;
  texts: Record<FeedbackTextField, string>;
  photo: File | null;
  errors: Partial<Record<FeedbackField, string>>;
  message: string | null;
}

const NO_RATINGS: FeedbackState['ratings'] = {
  rate: null,
  rateGuide: null,
  rateDestination: null,
  ratePriceQuality: null,
  rateAccomodation: null,
  rateActivities: null,
};
const NO_TEXTS: FeedbackState['texts'] = { title: '', description: '', opinion: '' };

export const $feedback = map<FeedbackState>({
  status: 'loading',
  clave: '',
  link: null,
  ratings: NO_RATINGS,
  texts: NO_TEXTS,
  photo: null,
  errors: {},
  message: null,
});

const withoutError = (errors: FeedbackState['errors'], field: FeedbackField) => {
  const { [field]: _cleared, ...rest } = errors;
  return rest;
};

/** Reads the `clave` of the address and asks the API what the link is for. */
export async function openFeedbackLink(search: string) {
  const clave = new URLSearchParams(search).get(FEEDBACK_LINK_PARAM) ?? '';
  if (!clave) {
    $feedback.set({ ...$feedback.get(), status: 'closed', message: FEEDBACK_MESSAGES.linkMissing });
    return;
  }
  $feedback.set({ ...$feedback.get(), status: 'loading', clave, message: null });
  const result = await callApi(() => api.feedback.link.$get({ query: { [FEEDBACK_LINK_PARAM]: clave } }));
  if (result.ok) $feedback.set({ ...$feedback.get(), status: 'ready', link: result.data });
  else $feedback.set({ ...$feedback.get(), status: 'closed', message: result.message });
}

/** A corrected field loses its message; with none left, so does the form's 'check the fields'. */
const corrected = (state: FeedbackState, field: FeedbackField): Pick<FeedbackState, 'errors' | 'message'> => {
  const errors = withoutError(state.errors, field);
  return { errors, message: Object.keys(errors).length === 0 && state.message === CHECK_FIELDS_MESSAGE ? null : state.message };
};

export function setRating(field: TourRatingField, value: number | null) {
  const state = $feedback.get();
  $feedback.set({ ...state, ratings: { ...state.ratings, [field]: value }, ...corrected(state, field) });
}

export function setText(field: FeedbackTextField, value: string) {
  const state = $feedback.get();
  $feedback.set({ ...state, texts: { ...state.texts, [field]: value }, ...corrected(state, field) });
}

/** A photo is checked as it is chosen (type and size); the server checks its bytes again. */
export function setPhoto(file: File | null) {
  const state = $feedback.get();
  const error =
    file && !(FEEDBACK_PHOTO_TYPES as readonly string[]).includes(file.type)
      ? FEEDBACK_MESSAGES.photoNotImage
      : file && file.size > FEEDBACK_LIMITS.photoMaxBytes
        ? FEEDBACK_MESSAGES.photoTooLarge
        : null;
  $feedback.set({ ...state, photo: error ? null : file, ...(error ? { errors: { ...state.errors, photo: error } } : corrected(state, 'photo')) });
}

const fail = (errors: FeedbackState['errors'], message: string) => {
  $feedback.set({ ...$feedback.get(), status: 'ready', errors, message });
  return 'failed' as const;
};

/** Validates and sends the review; a used or broken link closes the form with the API's words. */
export async function submitFeedback(): Promise<'sent' | 'failed'> {
  const state = $feedback.get();
  if (state.status !== 'ready' || !state.link) return 'failed';
  $feedback.set({ ...state, status: 'sending', message: null });
  const { clave, ratings, texts, photo } = state;
  const tour = state.link.kind === 'tour';
  const body = tour ? { clave, ...ratings, title: texts.title, description: texts.description } : { clave, rate: ratings.rate, opinion: texts.opinion };
  const parsed = (tour ? TourFeedbackSchema : ActivityFeedbackSchema).safeParse(body);
  if (!parsed.success)
    return fail({ ...issuesToFields(parsed.error.issues), ...(state.errors.photo ? { photo: state.errors.photo } : {}) }, CHECK_FIELDS_MESSAGE);
  const text = (value: number | null) => (value === null ? '' : String(value));
  const sent = tour
    ? await callApi(() =>
        api.feedback.tour.$post({
          form: {
            clave,
            rate: text(ratings.rate),
            rateGuide: text(ratings.rateGuide),
            rateDestination: text(ratings.rateDestination),
            ratePriceQuality: text(ratings.ratePriceQuality),
            rateAccomodation: text(ratings.rateAccomodation),
            rateActivities: text(ratings.rateActivities),
            title: texts.title,
            description: texts.description,
            ...(photo ? { photo } : {}),
          },
        }),
      )
    : await callApi(() => api.feedback.activity.$post({ json: { clave, rate: ratings.rate ?? 0, opinion: texts.opinion } }));
  if (sent.ok) {
    $feedback.set({ ...$feedback.get(), status: 'sent', errors: {}, message: FEEDBACK_MESSAGES.saved });
    return 'sent';
  }
  if (sent.code === 'CONFLICT' || sent.code === 'NOT_FOUND') {
    $feedback.set({ ...$feedback.get(), status: 'closed', message: sent.message });
    return 'failed';
  }
  const errors = sent.fields as FeedbackState['errors'];
  return fail(errors, Object.keys(errors).length > 0 ? CHECK_FIELDS_MESSAGE : sent.message);
}
