import { describe, expect, it } from 'vitest';
import { CARDS_ADDED_EVENT as LISTING_EVENT } from '../stores/paged-grid.ts';
import { ACCOUNT_HINT_KEY as SESSION_KEY } from '../stores/session.ts';
import { ACCOUNT_HINT_KEY as HEADER_KEY } from './account-link.ts';
import { ACCOUNT_HINT_KEY, CARDS_ADDED_EVENT } from './favorite-hearts.ts';

describe('the favourite hearts', () => {
  it('read the sign-in hint under the key the session store writes and the header reads', () => {
    expect(ACCOUNT_HINT_KEY).toBe(SESSION_KEY);
    expect(ACCOUNT_HINT_KEY).toBe(HEADER_KEY);
  });

  it('listen for cards under the event name a filtered listing sends', () => {
    expect(CARDS_ADDED_EVENT).toBe(LISTING_EVENT);
  });
});
