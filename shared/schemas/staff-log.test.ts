import { describe, expect, it } from 'vitest';
import { staffActionLabel, staffLogHref } from './staff-log.ts';

describe('the office’s log', () => {
  it.each([
    ['cancel', 'Cancelada'],
    ['confirm-transfer', 'Transferencia confirmada'],
    ['mail:voucher', 'Correo enviado (voucher)'],
    ['notice:delay', 'Aviso a la salida (delay)'],
    ['something-new', 'something-new'],
  ])('names the press %s as «%s»', (action, label) => {
    expect(staffActionLabel(action)).toBe(label);
  });

  it.each([
    ['booking', 'b 1', '/admin/booking/b%201'],
    ['traveler', 't1', '/admin/travelers/t1'],
    ['period', 'p1', '/admin/bookings/p1'],
    ['coupon', 'c1', null],
  ])('links a record of a %s to its screen', (type, id, href) => {
    expect(staffLogHref(type, id)).toBe(href);
  });
});
