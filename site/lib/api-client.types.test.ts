/**
 * The typed client's answers are the contracts in shared/schemas/: the type of what a screen reads is
 * inferred from the route's handler, and these checks (run by `tsc` in `npm test`) fail the build when a
 * route answers anything else. The `@ts-expect-error` lines prove the inference is not `any`: a changed
 * answer shape is a type error.
 */
import { describe, expectTypeOf, it } from 'vitest';
import type { BookingWorkingView, CustomiseOptionsAnswer, FlightOptionsAnswer, QuoteView } from '#shared/schemas/bookings.ts';
import type { PaymentOptionsAnswer, PaymentResultAnswer, ReceiptsAnswer, StartPaymentAnswer } from '#shared/schemas/payments.ts';
import type { BudgetsAnswer, FavoriteAnswer, FavoriteIdsAnswer, FavoritesAnswer } from '#shared/schemas/me-lists.ts';
import type { BookingStartAnswer } from '#shared/schemas/tours.ts';
import type { ApiAnswer, api } from './api-client.ts';

/** What a call of the typed client answers on success. */
type AnswerOf<Call extends (...args: never[]) => Promise<unknown>> = ApiAnswer<Awaited<ReturnType<Call>>>;

describe('the typed client answers with the shared contracts', () => {
  it('bookings', () => {
    expectTypeOf<AnswerOf<(typeof api.bookings)[':id']['$get']>>().toEqualTypeOf<BookingWorkingView>();
    expectTypeOf<AnswerOf<typeof api.bookings.quote.$post>>().toEqualTypeOf<QuoteView>();
    expectTypeOf<AnswerOf<typeof api.bookings.$post>>().toEqualTypeOf<{ id: string; quote: QuoteView }>();
    expectTypeOf<AnswerOf<(typeof api.bookings)[':id']['options']['$get']>>().toEqualTypeOf<CustomiseOptionsAnswer>();
    expectTypeOf<AnswerOf<(typeof api.bookings)[':id']['flights']['$get']>>().toEqualTypeOf<FlightOptionsAnswer>();
    // @ts-expect-error a booking view without its quote is another shape: the build fails
    expectTypeOf<AnswerOf<(typeof api.bookings)[':id']['$get']>>().toEqualTypeOf<Omit<BookingWorkingView, 'quote'>>();
    // @ts-expect-error a quote whose total is a string is another shape: the build fails
    expectTypeOf<AnswerOf<typeof api.bookings.quote.$post>>().toEqualTypeOf<Omit<QuoteView, 'totalCents'> & { totalCents: string }>();
  });

  it('payments', () => {
    expectTypeOf<AnswerOf<(typeof api.payments.booking)[':bookingId']['$get']>>().toEqualTypeOf<PaymentOptionsAnswer>();
    expectTypeOf<AnswerOf<(typeof api.payments.booking)[':bookingId']['$post']>>().toEqualTypeOf<StartPaymentAnswer>();
    expectTypeOf<AnswerOf<(typeof api.payments)[':paymentId']['$get']>>().toEqualTypeOf<PaymentResultAnswer>();
    expectTypeOf<AnswerOf<(typeof api.payments.receipts)[':bookingId']['$get']>>().toEqualTypeOf<ReceiptsAnswer>();
  });

  it('tours', () => {
    expectTypeOf<AnswerOf<(typeof api.tours)[':slug']['booking']['$get']>>().toEqualTypeOf<BookingStartAnswer>();
  });

  it('the traveller’s budgets and favourites', () => {
    expectTypeOf<AnswerOf<typeof api.me.favorites.$get>>().toEqualTypeOf<FavoritesAnswer>();
    expectTypeOf<AnswerOf<typeof api.me.favorites.ids.$get>>().toEqualTypeOf<FavoriteIdsAnswer>();
    expectTypeOf<AnswerOf<(typeof api.me.favorites)[':tourId']['$put']>>().toEqualTypeOf<FavoriteAnswer>();
    expectTypeOf<AnswerOf<typeof api.me.budgets.$get>>().toEqualTypeOf<BudgetsAnswer>();
    // @ts-expect-error a budget list without its notices is another shape: the build fails
    expectTypeOf<AnswerOf<typeof api.me.budgets.$get>>().toEqualTypeOf<{ budgets: Omit<BudgetsAnswer['budgets'][number], 'notices'>[] }>();
  });
});
