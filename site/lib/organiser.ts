/**
 * Who organises the package travel the shop sells, as the pre-contractual information names it: the legal
 * identity of `content/company-legal.json` (the same the legal pages show) and the contact details of the
 * catalogue. Read at build time and handed to the pay screens' islands as plain data.
 */
import legal from '../content/company-legal.json';
import { loadCatalogue } from './catalogue.ts';

export interface Organiser {
  brand: string;
  legalName: string;
  taxId: string;
  address: string;
  agencyLicence: string;
  insolvencyGuarantee: string;
  phone: string | null;
  email: string | null;
}

export function loadOrganiser(): Organiser {
  const company = loadCatalogue().company;
  return {
    brand: company?.name ?? 'Different Roads',
    legalName: legal.legalName,
    taxId: legal.taxId,
    address: legal.address,
    agencyLicence: legal.agencyLicence,
    insolvencyGuarantee: legal.insolvencyGuarantee,
    phone: company?.phone ?? null,
    email: company?.email ?? null,
  };
}
