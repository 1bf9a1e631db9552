/**
 * The agency form as the screens hold it (every field the text typed), shared by the 'Nueva agencia'
 * dialog and the edit form: empty, filled from an agency, and checked with the server's own schema, so
 * a mistake is named before sending and what the server names lands next to the same field.
 */
import { type RetailerForm, RetailerFormSchema, type RetailerView } from '#shared/schemas/retailers.ts';
import { issuesToFields } from '#shared/schemas/errors.ts';

export type RetailerFields = { [K in keyof RetailerForm]-?: string };
export type RetailerField = keyof RetailerFields;

/** The fields in the order the form shows them: the first one with a mistake gets the focus. */
export const RETAILER_FIELDS: readonly RetailerField[] = [
  'name',
  'cif',
  'corporateName',
  'fiscalName',
  'type',
  'membership',
  'paymentType',
  'contactPerson',
  'phone',
  'email',
  'documentationEmail',
  'invoiceEmail',
  'address',
  'postalCode',
  'city',
  'latitude',
  'longitude',
];

export const emptyRetailerForm = (): RetailerFields => ({
  cif: '',
  name: '',
  corporateName: '',
  fiscalName: '',
  type: '',
  contactPerson: '',
  phone: '',
  email: '',
  invoiceEmail: '',
  documentationEmail: '',
  address: '',
  postalCode: '',
  city: '',
  latitude: '',
  longitude: '',
  membership: 'BUSINESS',
  paymentType: '',
});

/** Coordinates as Spanish staff write them, with a decimal comma. */
const decimal = (value: number | null) => (value === null ? '' : String(value).replace('.', ','));

export const retailerFormOf = (r: RetailerView): RetailerFields => ({
  cif: r.cif,
  name: r.name,
  corporateName: r.corporateName ?? '',
  fiscalName: r.fiscalName ?? '',
  type: r.type ?? '',
  contactPerson: r.contactPerson ?? '',
  phone: r.phone ?? '',
  email: r.email ?? '',
  invoiceEmail: r.invoiceEmail ?? '',
  documentationEmail: r.documentationEmail ?? '',
  address: r.address ?? '',
  postalCode: r.postalCode ?? '',
  city: r.city ?? '',
  latitude: decimal(r.latitude),
  longitude: decimal(r.longitude),
  membership: r.membership ?? '',
  paymentType: r.paymentType ?? '',
});

/** The form's mistakes, one message per field (empty when it can be sent). */
export function checkRetailerForm(form: RetailerFields): Record<string, string> {
  const checked = RetailerFormSchema.safeParse(form);
  return checked.success ? {} : issuesToFields(checked.error.issues);
}

/** The server's field messages ('retailer.cif', or 'cif' for a taken CIF) keyed by the form's field names. */
export function serverFieldErrors(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([key, message]) => [key.replace(/^retailer\./, ''), message]));
}

/** The first field with a mistake, in the form's order. */
export const firstInvalidField = (errors: Record<string, string>): RetailerField | undefined => RETAILER_FIELDS.find((field) => errors[field]);
