/** Campaign tracking parameters (utm) kept from the address for visitor logs. */
import { UTM_KEEP_DAYS } from '../constants.ts';
import type { VisitorLog } from '../entities/index.ts';

export type CampaignParams = Pick<VisitorLog, 'utmSource' | 'utmMedium' | 'utmVisitor' | 'utmCampaign'>;

export interface StoredCampaignParams {
  params: CampaignParams;
  /** ISO timestamp after which the parameters are forgotten. */
  expiresAt: string;
}

/**
 * The utm source, medium, visitor and campaign of an address query, or null when none is present ("kept 15
 * days when present in the address").
 */
export function readCampaignParams(search: string | URLSearchParams): CampaignParams | null {
  const query = typeof search === 'string' ? new URLSearchParams(search) : search;
  const read = (name: string): string | null => {
    const value = query.get(name)?.trim() ?? '';
    return value === '' ? null : value;
  };
  const params: CampaignParams = {
    utmSource: read('utm_source'),
    utmMedium: read('utm_medium'),
    utmVisitor: read('utm_visitor'),
    utmCampaign: read('utm_campaign'),
  };
  return Object.values(params).some((value) => value !== null) ? params : null;
}

/** Stores parameters read now for 15 days. */
export function storeCampaignParams({ params, now }: { params: CampaignParams; now: Date }): StoredCampaignParams {
  return { params, expiresAt: new Date(now.getTime() + UTM_KEEP_DAYS * 86_400_000).toISOString() };
}

/**
 * The parameters a visitor log may use now: "created on route change, only when stored campaign variables
 * exist". Null when nothing is stored or it has expired.
 */
export function getActiveCampaignParams({ stored, now }: { stored: StoredCampaignParams | null; now: Date }): CampaignParams | null {
  if (stored === null) return null;
  return Date.parse(stored.expiresAt) > now.getTime() ? stored.params : null;
}
