import { describe, expect, it } from 'vitest';
import { MAIL_TYPES } from '#shared/enums.ts';
import { renderTemplate, storedMailType } from './templates.ts';

const booking = {
  travelerName: 'Lucía',
  tourName: 'Japón esencial',
  bookingReference: 'DR-482913',
  dayOne: '2027-04-02',
  amountCents: 129_000,
  link: 'https://shop.test/perfil/reserva/1',
};

describe('mail templates', () => {
  it.each(MAIL_TYPES)('%s renders a Spanish subject and both parts from the data given', (type) => {
    const mail = renderTemplate(type, booking);
    expect(mail.subject.length).toBeGreaterThan(5);
    expect(mail.html).toContain('<html lang="es">');
    expect(mail.text).toMatch(/^Hola, Lucía:/);
    expect(mail.html).toContain('Hola, Lucía:');
    expect(mail.text).toContain('https://shop.test/perfil/reserva/1');
    expect(`${mail.subject} ${mail.text}`).toMatch(/Japón esencial|DR-482913/);
  });

  it('fills the placeholders it is given, and reads without them', () => {
    expect(renderTemplate('PAYMENT', booking).text).toContain('Importe: 1.290 €.');
    expect(renderTemplate('INFO_PRACTICA', booking).text).toContain('Salida: 2 de abril de 2027.');
    const bare = renderTemplate('PAYMENT', {});
    expect(bare.subject).toBe('Hemos recibido tu pago');
    expect(bare.text).toMatch(/^Hola:/);
  });

  it('the pre-booking says what was paid to keep the seats and what is owed by when', () => {
    const mail = renderTemplate('PRE_BOOKING', {
      ...booking,
      amountCents: 100,
      remainingCents: 258_900,
      deadlines: [
        { date: '2027-02-01', amountCents: 50_000 },
        { date: '2027-03-03', amountCents: 208_900 },
      ],
    });
    expect(mail.subject).toBe('Tu prerreserva está confirmada «Japón esencial» (reserva DR-482913)');
    expect(mail.text).toContain('has pagado 1 € de prerreserva');
    expect(mail.text).toContain('Quedan 2.589 € por pagar en estos plazos');
    expect(mail.text).toContain('Antes del 1 de febrero de 2027: 500 €');
    expect(mail.html).toContain('Antes del 3 de marzo de 2027');
  });

  it('escapes data in the HTML part and keeps links to http(s)', () => {
    const mail = renderTemplate('BUDGET', { tourName: '<script>alert(1)</script>', link: 'javascript:alert(1)' });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.html).not.toContain('href="javascript:');
  });

  it('account mails carry the code and link; "account exists" is filed with the verification mails', () => {
    const verify = renderTemplate('ACCOUNT_VERIFICATION', { code: '004217', link: 'https://shop.test/login?verificar=t', hours: 24 });
    expect(verify.text).toContain('004217');
    expect(verify.text).toContain('caducan en 24 horas');
    const reset = renderTemplate('PASSWORD_RESET', { code: '990011', link: 'https://shop.test/login?restablecer=t', minutes: 60 });
    expect(reset.subject).toBe('Restablece tu contraseña');
    expect(reset.html).toContain('990011');
    expect(renderTemplate('ACCOUNT_EXISTS', { signInLink: 'https://shop.test/login', forgotLink: 'https://shop.test/login?olvidada=1' }).subject).toBe(
      'Ya tienes una cuenta en Different Roads',
    );
    expect(storedMailType('ACCOUNT_EXISTS')).toBe('ACCOUNT_VERIFICATION');
    expect(storedMailType('PETITON_RESERVA')).toBe('PETITON_RESERVA');
  });

  it('the feedback mail says the points just credited and carries a link for the trip and one per activity, filed as FEEDBACK', () => {
    const mail = renderTemplate('FEEDBACK', {
      travelerName: 'Lucía',
      tourName: 'Japón esencial',
      dayOne: '2026-11-02',
      returnDate: '2026-11-11',
      points: 12_850,
      tourLink: 'https://shop.test/feedback/tour/p1/b1?clave=t1',
      activities: [{ name: 'Ceremonia del té <tradicional>', link: 'https://shop.test/feedback/activity/p1/oa1/b1?clave=t2' }],
    });
    expect(mail.subject).toBe('¿Qué tal tu viaje «Japón esencial»?');
    expect(mail.text).toMatch(/^Hola, Lucía:/);
    expect(mail.text).toContain('del 2 al 11 de noviembre de 2026');
    expect(mail.text).toContain('Ya tienes en tu cuenta los 12.850 puntos que te ha dado este viaje: valen 128 € de descuento en tu próxima reserva.');
    expect(mail.text).toContain('Valorar mi viaje: https://shop.test/feedback/tour/p1/b1?clave=t1');
    expect(mail.text).toContain('- Ceremonia del té <tradicional>: https://shop.test/feedback/activity/p1/oa1/b1?clave=t2');
    expect(mail.html).toContain('href="https://shop.test/feedback/activity/p1/oa1/b1?clave=t2"');
    expect(mail.html).toContain('Ceremonia del té &lt;tradicional&gt;');
    expect(mail.text).toContain('cada uno sirve para una opinión y caduca en 6 meses');
    // No points credited, no activities: neither is mentioned.
    const bare = renderTemplate('FEEDBACK', {
      travelerName: null,
      tourName: 'Japón esencial',
      dayOne: '2026-11-02',
      returnDate: '2026-11-11',
      points: 0,
      tourLink: 'https://shop.test/f',
      activities: [],
    });
    expect(bare.text).toMatch(/^Hola:/);
    expect(bare.text).not.toContain('puntos');
    expect(bare.text).not.toContain('actividades opcionales');
    expect(storedMailType('FEEDBACK')).toBe('FEEDBACK');
  });
});
