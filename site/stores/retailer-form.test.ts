/**
 * The agency form shared by 'Nueva agencia' and the agency's edit form (/admin/retailers,
 * /admin/retailer/{id}), against the real API as an admin: every mistake named at once before sending, with
 * the first one in the order the form shows; an agency read from the API filled in as staff write it (a
 * decimal comma) and sent back unchanged; and what the server refuses landing next to the same field.
 */
import { describe, expect, it } from 'vitest';
import { withIslandApi } from '../../tests/support/island-api.ts';
import type { RetailerForm } from '#shared/schemas/retailers.ts';
import { api, callApi } from '../lib/api-client.ts';
import { checkRetailerForm, emptyRetailerForm, firstInvalidField, type RetailerFields, retailerFormOf, serverFieldErrors } from './retailer-form.ts';

withIslandApi({ as: 'admin' });

const levante = (): RetailerFields => ({
  ...emptyRetailerForm(),
  cif: 'b-12345674',
  name: 'Viajes Levante',
  email: 'Reservas@ViajesLevante.es',
  city: 'Valencia',
  latitude: '39,4699',
  longitude: '-0,3763',
});
const create = (form: RetailerFields) => callApi(() => api.admin.retailers.$post({ json: { requestId: crypto.randomUUID(), retailer: form as RetailerForm } }));

describe('the agency form', () => {
  it('names every mistake at once, and the first one in the order the form shows', () => {
    const empty = checkRetailerForm(emptyRetailerForm());
    expect(empty).toEqual({
      cif: 'Escribe el CIF de la agencia (o el NIF o NIE si es de un autónomo).',
      name: 'Escribe el nombre comercial de la agencia.',
    });
    // The name comes before the CIF on the form, so it gets the focus.
    expect(firstInvalidField(empty)).toBe('name');

    expect(checkRetailerForm({ ...levante(), postalCode: '99999', latitude: '100' })).toEqual({
      postalCode: 'El código postal tiene 5 cifras, de 01000 a 52999.',
      latitude: 'La latitud es un número entre -90 y 90, por ejemplo 40,4168.',
    });
    // The CIF's control digit off by one, and a phone too short.
    const wrong = checkRetailerForm({ ...levante(), cif: 'B12345675', phone: '91 123' });
    expect(wrong).toEqual({
      cif: 'Ese CIF no es válido: revisa la letra y el dígito de control (por ejemplo B12345674).',
      phone: 'Escribe un teléfono de 9 a 15 cifras; los extranjeros, con su prefijo (+33 1 23 45 67 89).',
    });
    expect(firstInvalidField(wrong)).toBe('cif');
    expect(checkRetailerForm({ ...levante(), longitude: '' })).toEqual({ longitude: 'Escribe la latitud y la longitud, o ninguna de las dos.' });
    expect(checkRetailerForm(levante())).toEqual({});
  });

  it('fills the form from an agency as the API reads it, as staff write it, and it checks clean', async () => {
    const created = await create(levante());
    if (!created.ok) throw new Error(created.message);
    const read = await callApi(() => api.admin.retailers[':id'].$get({ param: { id: created.data.retailer.id } }));
    if (!read.ok) throw new Error(read.message);
    const form = retailerFormOf(read.data.retailer);
    expect(form).toEqual({
      ...emptyRetailerForm(),
      cif: 'B12345674',
      name: 'Viajes Levante',
      email: 'reservas@viajeslevante.es',
      city: 'Valencia',
      latitude: '39,4699',
      longitude: '-0,3763',
    });
    expect(checkRetailerForm(form)).toEqual({});
  });

  it("puts what the server refuses next to the form's own field", async () => {
    expect((await create(levante())).ok).toBe(true);
    const taken = await create({ ...levante(), name: 'Levante Dos' });
    expect(taken.ok).toBe(false);
    if (taken.ok) return;
    expect(serverFieldErrors(taken.fields)).toEqual({ cif: 'Ya hay una agencia con ese CIF: Viajes Levante.' });

    // Sent without the form's own check: the server names the field under 'retailer.'.
    const refused = await create({ ...levante(), cif: 'B76543214', email: 'reservas@', postalCode: '99999' });
    if (refused.ok) throw new Error('a wrong form was accepted');
    const fields = serverFieldErrors(refused.fields);
    expect(fields).toEqual({
      email: 'Escribe un correo electrónico válido, por ejemplo reservas@agencia.es.',
      postalCode: 'El código postal tiene 5 cifras, de 01000 a 52999.',
    });
    expect(firstInvalidField(fields)).toBe('email');
  });
});
