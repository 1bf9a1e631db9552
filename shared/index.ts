/**
 * The shop's domain: enumerations, constants, entity types and every rule of the specs as pure functions.
 * No I/O and no framework, so the API and the islands compute prices with the same code.
 */
export * from './enums.ts';
export * from './constants.ts';
export type * from './entities/index.ts';
export * from './rules/activities.ts';
export * from './rules/catalogue.ts';
export * from './rules/content.ts';
export * from './rules/coupons.ts';
export * from './rules/dates.ts';
export * from './rules/flights.ts';
export * from './rules/labels.ts';
export * from './rules/money.ts';
export * from './rules/offers.ts';
export * from './rules/payments.ts';
export * from './rules/prices.ts';
export * from './rules/quote.ts';
export * from './rules/seasons.ts';
export * from './rules/session.ts';
export * from './rules/storage.ts';
export * from './rules/text.ts';
export * from './rules/tour-grid.ts';
export * from './rules/tracking.ts';
export * from './rules/travellers.ts';
export * from './rules/validation.ts';
