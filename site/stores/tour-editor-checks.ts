/**
 * The checks the tour editor runs on its forms before sending them, with the server's own schemas: loaded when
 * the editor first checks a form (`loadTourEditorChecks`), not with the page, which shows a tour without them
 * (with zod they were a fifth of its script; docs/decisions/053-fewer-script-files.md).
 */
export { CampaignInputSchema, FlightAddSchema, PeriodInputSchema, TourFieldsSchema } from '#shared/schemas/tour-editor.ts';
export { ExtraInputSchema } from '#shared/schemas/tour-extras.ts';
export { policyFromForm } from '#shared/schemas/payment-policies.ts';
