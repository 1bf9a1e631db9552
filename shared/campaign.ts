/**
 * Campaign attribution's constants, shared by the pages' small script and the API (no dependencies: the
 * script ships on every static page).
 */
export const VISIT_COOKIE = 'dr_visit';
/** How long a campaign stays credited after a visitor arrives through it (cms-and-backoffice.md §7). */
export const CAMPAIGN_DAYS = 15;
/** "Time-on-page analytics event after 30 seconds": seconds a page is in view before it counts as read. */
export const TIME_ON_PAGE_SECONDS = 30;
/**
 * The visitor's answer to being counted (the campaign notice, or the cookie policy's preferences), kept in
 * the browser ('yes' or 'no'). With 'yes' the pages seen and the time on them are counted, first-party only.
 */
export const CAMPAIGN_CONSENT_KEY = 'dr-campaign-consent';
/** The utm fields read from an address, as the API names them. */
export const UTM_PARAMS = { source: 'utm_source', medium: 'utm_medium', visitor: 'utm_visitor', campaign: 'utm_campaign' } as const;

export const isVisitId = (value: string | undefined): value is string => value !== undefined && /^[0-9a-f-]{36}$/.test(value);
