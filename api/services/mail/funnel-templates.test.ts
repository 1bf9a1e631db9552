import { describe, expect, it } from 'vitest';
import { renderTemplate, storedMailType } from './templates.ts';

describe('the BUDGET mail', () => {
  const budget = {
    travelerName: 'Lucía',
    tourName: 'Japón esencial',
    budgetName: 'Japón en familia',
    dayOne: '2027-04-02',
    travellerCount: 3,
    lines: [
      { label: 'Precio base', amountCents: 280_000 },
      { label: 'Vuelos', amountCents: 85_000 },
      { label: 'Descuento', amountCents: -30_000 },
    ],
    amountCents: 335_000,
    link: 'https://shop.test/tour/japon-esencial/personaliza-el-viaje/b1',
  };

  it('lists the quote line by line with its total, in both parts, and links back to the funnel', () => {
    const mail = renderTemplate('BUDGET', budget);
    expect(mail.subject).toBe('Tu presupuesto «Japón en familia» para el viaje «Japón esencial»');
    expect(mail.text).toContain('Precio base: 2.800 €\nVuelos: 850 €\nDescuento: -300 €\nTotal: 3.350 €');
    expect(mail.text).toContain('Salida: 2 de abril de 2027.');
    expect(mail.text).toContain('Continuar con mi reserva: https://shop.test/tour/japon-esencial/personaliza-el-viaje/b1');
    expect(mail.html).toMatch(/<td[^>]*>Vuelos<\/td><td[^>]*>850 €<\/td>/);
    expect(mail.html).toMatch(/font-weight:bold[^>]*>Total<\/td>/);
    expect(mail.text).toContain('no quedan reservados');
  });

  it('reads without lines, with the total as a sentence', () => {
    const mail = renderTemplate('BUDGET', { tourName: 'Japón esencial', amountCents: 129_000 });
    expect(mail.subject).toBe('Tu presupuesto para el viaje «Japón esencial»');
    expect(mail.text).toContain('Total: 1.290 €.');
    expect(mail.html).not.toContain('<table');
  });
});

describe('the waiting-list seat mail', () => {
  it('says which departure has seats, for how many, links to its booking start and is filed as WAITING_LIST', () => {
    const mail = renderTemplate('WAITING_LIST_SEAT', {
      name: 'Lucía',
      tourName: 'Japón esencial',
      dayOne: '2027-04-02',
      travellers: 1,
      link: 'https://shop.test/booking/japon-esencial?periodo=p1',
    });
    expect(mail.subject).toBe('Hay plazas libres en «Japón esencial»');
    expect(mail.text).toMatch(/^Hola, Lucía:/);
    expect(mail.text).toContain('la salida del 2 de abril de 2027');
    expect(mail.text).toContain('ahora hay plaza para ti.');
    expect(mail.html).toContain('href="https://shop.test/booking/japon-esencial?periodo=p1"');
    expect(storedMailType('WAITING_LIST_SEAT')).toBe('WAITING_LIST');
    expect(storedMailType('BUDGET')).toBe('BUDGET');
  });
});
