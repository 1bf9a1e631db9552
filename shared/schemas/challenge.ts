/**
 * The proof-of-work challenge a form carries once the API asked for one (docs/decisions/038): after many
 * failed sign-ins with an e-mail, or over the rate of sign-ups, contact questions and budget mails from one
 * address. The API names the `altcha` field in its refusal; the form's browser fetches a challenge
 * (`POST /api/auth/captcha`), solves it and sends the form again with the solution.
 */
import { z } from 'zod';

/** A solved challenge (base64 JSON of ALTCHA's challenge and solution). */
export const ChallengeField = z.string().max(16_000).optional();

export const CHALLENGE_MESSAGES = {
  overRate: 'Hay muchos envíos seguidos desde tu conexión. Tu navegador hará una comprobación automática de unos segundos y lo enviará.',
} as const;
