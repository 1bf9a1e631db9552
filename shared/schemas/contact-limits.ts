/**
 * The contact form's field limits, apart from the zod schema so the form can size its inputs without
 * shipping zod with the page (the schema loads on the first send).
 */
export const CONTACT_LIMITS = {
  nameMax: 80,
  surnameMax: 120,
  emailMax: 254,
  phoneMax: 25,
  questionMin: 10,
  questionMax: 2000,
  tourNameMax: 200,
  tourIdMax: 64,
  periodIdMax: 64,
} as const;
