/**
 * The shop's own proof-of-work challenge (ALTCHA, `altcha-lib`; no third party sees the visitor): a
 * browser spends about a second of work to send a form the shop would otherwise refuse as too frequent.
 * A person barely notices; a script guessing passwords or sending mails by the thousand pays it every
 * time. `POST /api/auth/captcha` hands a challenge out (the spec's captcha call); a form sends the solution
 * back as `altcha`, which is accepted once, before it expires.
 */
import { createHash, randomInt } from 'node:crypto';
import { createChallenge, type Challenge, type Solution, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/database.ts';
import { consumeRateLimit } from '../../platform/rate-limits.ts';

/** How long a challenge may be solved and sent: a person typing a password again needs a few minutes. */
export const CHALLENGE_SECONDS = 10 * 60;
/** PBKDF2 rounds per guess and the range of guesses needed: about a second in a phone's browser. */
const COST = 500;
const COUNTER_RANGE = [500, 2_000] as const;

/** A key of its own for the challenges, derived from AUTH_SECRET (a leaked challenge key signs nothing else). */
const challengeKey = (secret: string, purpose: string) => createHash('sha256').update(`altcha:${purpose}:${secret}`).digest('base64url');

export async function issueChallenge({ authSecret }: Pick<Config, 'authSecret'>, now = new Date()): Promise<Challenge> {
  return createChallenge({
    algorithm: 'PBKDF2/SHA-256',
    cost: COST,
    counter: randomInt(COUNTER_RANGE[0], COUNTER_RANGE[1]),
    deriveKey,
    expiresAt: new Date(now.getTime() + CHALLENGE_SECONDS * 1000),
    hmacSignatureSecret: challengeKey(authSecret, 'signature'),
    hmacKeySignatureSecret: challengeKey(authSecret, 'key'),
  });
}

/** Each solved challenge counts once: its nonce is kept as a rate-limit counter for as long as it could be sent. */
const USED = { name: 'altcha-used', max: 1, windowSeconds: CHALLENGE_SECONDS * 2 } as const;

/**
 * Whether `payload` (base64 JSON `{ challenge, solution }`, as the sign-in form sends it) solves a challenge
 * this shop signed, in time, and was not sent before.
 */
export async function acceptSolvedChallenge(
  db: Db,
  { authSecret }: Pick<Config, 'authSecret'>,
  payload: string | undefined,
  now = new Date(),
): Promise<boolean> {
  if (!payload) return false;
  let parsed: { challenge: Challenge; solution: Solution };
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as { challenge: Challenge; solution: Solution };
    if (typeof parsed?.challenge?.parameters?.nonce !== 'string' || typeof parsed.solution?.derivedKey !== 'string') return false;
  } catch {
    return false;
  }
  const result = await verifySolution({
    challenge: parsed.challenge,
    solution: parsed.solution,
    deriveKey,
    hmacSignatureSecret: challengeKey(authSecret, 'signature'),
    hmacKeySignatureSecret: challengeKey(authSecret, 'key'),
  }).catch(() => null);
  if (!result?.verified) return false;
  return (await consumeRateLimit(db, { limit: USED, key: parsed.challenge.parameters.nonce, now })).allowed;
}
