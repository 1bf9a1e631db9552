import { describe, expect, it } from 'vitest';
import { BUDGET_NOT_ON_SALE_MESSAGE, budgetNotices } from './budgets.ts';
import { NO_SEATS_MESSAGE } from './seats.ts';

describe('budgetNotices', () => {
  it.each([
    { name: 'nothing changed: nothing to say', onSale: true, savedCents: 125_000, currentCents: 125_000, shortage: null, expected: [] },
    {
      name: '"a clear message if the price … changed": up',
      onSale: true,
      savedCents: 125_000,
      currentCents: 131_050,
      shortage: null,
      expected: [{ kind: 'price-up', message: 'El precio ha subido: lo guardaste por 1.250 € y hoy cuesta 1.310,50 €.' }],
    },
    {
      name: 'and down (a campaign started)',
      onSale: true,
      savedCents: 125_000,
      currentCents: 115_000,
      shortage: null,
      expected: [{ kind: 'price-down', message: 'El precio ha bajado: lo guardaste por 1.250 € y hoy cuesta 1.150 €.' }],
    },
    {
      name: '"… or seats changed": the departure, before the price',
      onSale: true,
      savedCents: 125_000,
      currentCents: 130_000,
      shortage: { resourceType: 'period' as const, name: null },
      expected: [
        { kind: 'seats', message: NO_SEATS_MESSAGE },
        { kind: 'price-up', message: 'El precio ha subido: lo guardaste por 1.250 € y hoy cuesta 1.300 €.' },
      ],
    },
    {
      name: 'a room type that ran out is named',
      onSale: true,
      savedCents: 125_000,
      currentCents: 125_000,
      shortage: { resourceType: 'reservation_mode' as const, name: 'Habitación doble' },
      expected: [
        {
          kind: 'seats',
          message: 'Ya no quedan habitaciones «Habitación doble» suficientes en esta salida. Elige otro tipo de habitación para algún viajero.',
        },
      ],
    },
    {
      name: 'a departure no longer sold says only that',
      onSale: false,
      savedCents: 125_000,
      currentCents: 130_000,
      shortage: { resourceType: 'period' as const, name: null },
      expected: [{ kind: 'not-on-sale', message: BUDGET_NOT_ON_SALE_MESSAGE }],
    },
    {
      name: 'a departure that is gone cannot be priced: not on sale',
      onSale: true,
      savedCents: 125_000,
      currentCents: null,
      shortage: null,
      expected: [{ kind: 'not-on-sale', message: BUDGET_NOT_ON_SALE_MESSAGE }],
    },
  ])('$name', ({ name: _name, expected, ...facts }) => {
    expect(budgetNotices(facts)).toEqual(expected);
  });
});
