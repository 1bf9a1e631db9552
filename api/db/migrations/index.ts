import type { Migration } from 'kysely/migration';
import * as catalogue from './2026-11-22T10-catalogue.ts';
import * as bookings from './2026-11-22T11-bookings.ts';
import * as content from './2026-11-22T12-content.ts';
import * as accountsAndMail from './2026-11-22T13-accounts-and-mail.ts';
import * as authTokens from './2026-11-22T14-auth-tokens.ts';
import * as rateLimits from './2026-11-22T15-rate-limits.ts';
import * as seatHolds from './2026-11-22T16-seat-holds.ts';
import * as payments from './2026-11-22T17-payments.ts';
import * as flightsWaitingList from './2026-11-22T18-flights-waiting-list.ts';
import * as contentVersions from './2026-11-25T10-content-versions.ts';
import * as staffActions from './2026-11-25T11-staff-actions.ts';
import * as refunds from './2026-11-25T12-refunds.ts';
import * as couponVersions from './2026-11-25T13-coupon-versions.ts';
import * as retailerVersions from './2026-11-25T20-retailer-versions.ts';
import * as forcePasswordChange from './2026-11-25T21-force-password-change.ts';
import * as bookingDocuments from './2026-11-25T22-booking-documents.ts';
import * as travelerVersions from './2026-11-25T22-traveler-versions.ts';
import * as staffActionEntities from './2026-11-25T23-staff-action-entities.ts';
import * as bookingDeparture from './2026-11-25T24-booking-departure.ts';
import * as travelerSearch from './2026-11-25T25-traveler-search.ts';
import * as tripPointsOnce from './2026-11-25T26-trip-points-once.ts';
import * as paymentReminders from './2026-11-25T27-payment-reminders.ts';
import * as practicalInfo from './2026-11-26T15-practical-info.ts';
import * as tripFeedback from './2026-11-26T20-trip-feedback.ts';
import * as feedbackMailType from './2026-11-26T21-feedback-mail-type.ts';
import * as opinionModeration from './2026-11-27T10-opinion-moderation.ts';
import * as guideTools from './2026-11-27T20-guide-tools.ts';
import * as activityPhotos from './2026-11-28T10-activity-photos.ts';
import * as emailLookupIndexes from './2026-11-28T20-email-lookup-indexes.ts';
import * as writeNotifications from './2026-11-29T10-write-notifications.ts';
import * as internetSafety from './2026-11-30T10-internet-safety.ts';
import * as pointsLedger from './2026-12-01T10-points-ledger.ts';
import * as paymentSchedules from './2026-12-02T10-payment-schedules.ts';
import * as balancesAndAgencySales from './2026-12-03T10-balances-and-agency-sales.ts';
import * as invoices from './2026-12-04T10-invoices.ts';
import * as officeInbox from './2026-12-05T10-office-inbox.ts';
import * as companyData from './2026-12-06T10-company-data.ts';
import * as integration from './2026-12-06T11-integration.ts';
import * as bookingExtras from './2026-12-07T10-booking-extras.ts';

/** Every migration, by name; names sort in the order they run. */
export const migrations: Record<string, Migration> = {
  '2026-11-22T10-catalogue': catalogue,
  '2026-11-22T11-bookings': bookings,
  '2026-11-22T12-content': content,
  '2026-11-22T13-accounts-and-mail': accountsAndMail,
  '2026-11-22T14-auth-tokens': authTokens,
  '2026-11-22T15-rate-limits': rateLimits,
  '2026-11-22T16-seat-holds': seatHolds,
  '2026-11-22T17-payments': payments,
  '2026-11-22T18-flights-waiting-list': flightsWaitingList,
  '2026-11-25T10-content-versions': contentVersions,
  '2026-11-25T11-staff-actions': staffActions,
  '2026-11-25T12-refunds': refunds,
  '2026-11-25T13-coupon-versions': couponVersions,
  '2026-11-25T20-retailer-versions': retailerVersions,
  '2026-11-25T21-force-password-change': forcePasswordChange,
  '2026-11-25T22-booking-documents': bookingDocuments,
  '2026-11-25T22-traveler-versions': travelerVersions,
  '2026-11-25T23-staff-action-entities': staffActionEntities,
  '2026-11-25T24-booking-departure': bookingDeparture,
  '2026-11-25T25-traveler-search': travelerSearch,
  '2026-11-25T26-trip-points-once': tripPointsOnce,
  '2026-11-25T27-payment-reminders': paymentReminders,
  '2026-11-26T15-practical-info': practicalInfo,
  '2026-11-26T20-trip-feedback': tripFeedback,
  '2026-11-26T21-feedback-mail-type': feedbackMailType,
  '2026-11-27T10-opinion-moderation': opinionModeration,
  '2026-11-27T20-guide-tools': guideTools,
  '2026-11-28T10-activity-photos': activityPhotos,
  '2026-11-28T20-email-lookup-indexes': emailLookupIndexes,
  '2026-11-29T10-write-notifications': writeNotifications,
  '2026-11-30T10-internet-safety': internetSafety,
  '2026-12-01T10-points-ledger': pointsLedger,
  '2026-12-02T10-payment-schedules': paymentSchedules,
  '2026-12-03T10-balances-and-agency-sales': balancesAndAgencySales,
  '2026-12-04T10-invoices': invoices,
  '2026-12-05T10-office-inbox': officeInbox,
  '2026-12-06T10-company-data': companyData,
  '2026-12-06T11-integration': integration,
  '2026-12-07T10-booking-extras': bookingExtras,
};
