/** Payments, vouchers, points transactions and coupons. */
import type { CouponStatus, CouponType, PaymentMethod, PaymentStatus, PriceBasis, TourType } from '../enums.ts';

export interface Payment {
  id: string;
  bookingId: string;
  /** Order number sent to the card terminal. */
  orderNumber: string;
  type: string | null;
  tkId: string | null;
  amountCents: number;
  paymentMethod: PaymentMethod;
  paymentOrigin: string | null;
  paymentToken: string | null;
  reviewReason: string | null;
  tkPaymentStatus: string | null;
  tpvPaymentStatus: string | null;
  creditUrl: string | null;
  /** Only CONFIRMED counts toward the amount paid. */
  status: PaymentStatus;
  hash: string | null;
  paymentReceipt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface Coupon {
  id: string;
  code: string;
  /** First valid day, inclusive; null means no lower bound. */
  startDate: string | null;
  /** Last valid day, inclusive; null means no upper bound. */
  endDate: string | null;
  couponCondition: PriceBasis;
  tourId: string | null;
  tourType: TourType | null;
  periodId: string | null;
  flightId: string | null;
  /**
   * Cents for a `fixed` coupon; a whole percentage (10 = 10 %) for a `percentage` coupon. Not suffixed
   * `Cents` because its unit depends on `type`.
   */
  value: number;
  /** Remaining uses. */
  uses: number;
  type: CouponType;
  status: CouponStatus;
}
