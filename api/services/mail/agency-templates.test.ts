import { describe, expect, it } from 'vitest';
import type { AgencyBookingMailData } from './agency-templates.ts';
import { renderTemplate, storedMailType } from './templates.ts';

const booking: AgencyBookingMailData = {
  agencyName: 'Viajes Puerta del Sol',
  contactPerson: 'Rosa Castaño',
  bookingReference: 'DR-2027-7KQ4',
  agencyReference: 'AG-1042',
  statusLabel: 'Confirmada',
  tourName: 'Japón esencial',
  dayOne: '2027-04-02',
  returnDate: '2027-04-11',
  flightName: 'Madrid - Tokio',
  lead: { name: 'Lucía Pérez Gil', email: 'lucia@correo.es', phone: '+34 600 000 000' },
  travellers: [
    { name: 'Lucía Pérez Gil', ageGroup: 'Adulto', lead: true, room: 'Doble', services: ['Excursión a Nara'] },
    { name: 'Hugo Pérez Gil', ageGroup: 'Niño', lead: false, room: 'Doble', services: [] },
  ],
  totalCents: 329_000,
  paidCents: 100_000,
  remainingCents: 229_000,
  voucherAttached: true,
};

describe('the agency mail of a booking', () => {
  it('greets the agency contact and sums up the booking, its travellers and money in Spanish', () => {
    const mail = renderTemplate('AGENCY_BOOKING', booking);
    expect(mail.subject).toBe('Reserva DR-2027-7KQ4 de Viajes Puerta del Sol: «Japón esencial», del 2 al 11 de abril de 2027');
    expect(mail.text).toMatch(/^Hola, Rosa:/);
    for (const line of [
      'Estado: confirmada.',
      'Adjuntamos el bono de reserva en PDF',
      'Vuestra referencia: AG-1042',
      'Fechas: Del 2 al 11 de abril de 2027',
      'Vuelo: Madrid - Tokio',
      'Titular: Lucía Pérez Gil · lucia@correo.es · +34 600 000 000',
      'Viajero 1: Lucía Pérez Gil (adulto, titular) · habitación: Doble · servicios: Excursión a Nara',
      'Viajero 2: Hugo Pérez Gil (niño) · habitación: Doble',
      'Importe total: 3.290 €',
      'Pendiente de pago: 2.290 €',
    ]) {
      expect(mail.text).toContain(line);
    }
    expect(mail.html).toContain('<html lang="es">');
  });

  it('reads without a contact, an agency reference, a return day or a voucher, and escapes what the agency typed', () => {
    const mail = renderTemplate('AGENCY_BOOKING', {
      ...booking,
      agencyName: 'Viajes <b>Sol</b>',
      contactPerson: null,
      agencyReference: null,
      returnDate: null,
      flightName: null,
      voucherAttached: false,
    });
    expect(mail.text).toMatch(/^Hola, equipo de Viajes <b>Sol<\/b>:/);
    expect(mail.html).toContain('Viajes &lt;b&gt;Sol&lt;/b&gt;');
    expect(mail.text).not.toContain('Vuestra referencia');
    expect(mail.text).toContain('Fechas: Salida el 2 de abril de 2027');
    expect(mail.text).toContain('Vuelo: Sin vuelo incluido');
    expect(mail.text).toContain('Os enviaremos el bono de reserva cuando la reserva esté confirmada.');
  });

  it('is filed with the vouchers: the outbox keeps its frozen set of types', () => {
    expect(storedMailType('AGENCY_BOOKING')).toBe('BONO_RESERVA');
  });
});
