export type * from './catalogue.ts';
export type * from './flights.ts';
export type * from './booking.ts';
export type * from './payments.ts';
export type * from './people.ts';
export type * from './content.ts';
