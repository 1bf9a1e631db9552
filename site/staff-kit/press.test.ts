/**
 * A refused press is told to the dialog it came from: edited meanwhile, it keeps the edit; closed meanwhile, it
 * stays closed; another dialog opened since is not told.
 */
import { describe, expect, it } from 'vitest';
import type { ApiResult } from '../lib/api-client.ts';
import { newPress, type Press, sendPress } from './press.ts';

type Dialog = Press & { name: string };
const refused: ApiResult<never> = { ok: false, status: 409, code: 'CONFLICT', message: 'Alguien lo cambió antes.', fields: { name: 'Ya existe.' } };

/** A dialog slot and a press whose answer comes when `answer` is called. */
function desk(name: string) {
  let dialog: Dialog | null = { ...newPress(), name };
  let answer: (result: ApiResult<never>) => void = () => {};
  const sent = sendPress(
    () => dialog,
    (next) => {
      dialog = next;
    },
    () => new Promise<ApiResult<never>>((resolve) => (answer = resolve)),
  );
  return {
    sent,
    answer: (result: ApiResult<never>) => answer(result),
    get: () => dialog,
    set: (next: Dialog | null) => {
      dialog = next;
    },
  };
}

describe('a press refused', () => {
  it('is told to its dialog, with what was typed while it was on its way', async () => {
    const d = desk('Japón');
    const pressed = d.get() as Dialog;
    d.set({ ...pressed, name: 'Japón esencial' });
    d.answer(refused);
    await d.sent;
    expect(d.get()).toMatchObject({ name: 'Japón esencial', sending: false, error: 'Alguien lo cambió antes.', fields: { name: 'Ya existe.' } });
    expect(d.get()?.requestId).not.toBe(pressed.requestId);
  });

  it('leaves a dialog closed meanwhile closed, and another opened since untold', async () => {
    const closed = desk('Japón');
    closed.set(null);
    closed.answer(refused);
    await closed.sent;
    expect(closed.get()).toBeNull();

    const other = desk('Japón');
    const opened: Dialog = { ...newPress(), name: 'Perú' };
    other.set(opened);
    other.answer(refused);
    await other.sent;
    expect(other.get()).toBe(opened);
  });
});
