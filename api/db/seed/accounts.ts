/**
 * The demo's sign-in accounts. Kept apart from the seed itself so `npm start` can print them without
 * loading the catalogue data.
 */

export interface DemoAccount {
  role: 'admin' | 'guide' | 'traveler';
  /** Spanish label for the start-up banner. */
  label: string;
  email: string;
  password: string;
  groups: readonly ('drAdmin' | 'guides')[];
}

export const DEMO_ADMIN_EMAIL = 'admin@different.demo';

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { role: 'admin', label: 'Administración', email: DEMO_ADMIN_EMAIL, password: 'admin-demo-2026', groups: ['drAdmin'] },
  { role: 'guide', label: 'Guía', email: 'guia@different.demo', password: 'guia-demo-2026', groups: ['guides'] },
  { role: 'traveler', label: 'Viajero', email: 'viajero@different.demo', password: 'viajero-demo-2026', groups: [] },
];
