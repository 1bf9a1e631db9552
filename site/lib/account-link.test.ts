import { describe, expect, it } from 'vitest';
import { ACCOUNT_HINT_KEY as SESSION_KEY } from '../stores/session.ts';
import { ACCOUNT_HINT_KEY } from './account-link.ts';

describe('the account hint', () => {
  it('is the same key where the session store writes it and where the static pages read it', () => {
    expect(SESSION_KEY).toBe(ACCOUNT_HINT_KEY);
  });
});
