/**
 * Text the shop can store and print: no control characters (NUL above all) and no half of a surrogate
 * pair. Either one typed or pasted into a name passes a length check, is saved, and later breaks what
 * prints it: a PDF voucher, a CSV for Excel, a mail's headers. One rule for every text the API takes
 * (api/validation.ts applies it to every validated request), refused with the field's Spanish message.
 */

export const UNSTORABLE_TEXT_MESSAGE = 'Este texto tiene caracteres que no se pueden guardar (de control o incompletos). Escríbelo de nuevo sin ellos.';

/** Tab, line feed and carriage return are text; every other C0 control and DEL are not. */
const isControl = (code: number) => (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f;

export function isStorableText(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (isControl(code)) return false;
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      i++;
    } else if (code >= 0xdc00 && code <= 0xdfff) {
      return false;
    }
  }
  return true;
}

/**
 * The paths (`travellers.0.name`) of every text in `value`, and of every object key, that cannot be
 * stored. Objects and arrays are walked; numbers, booleans and files are not text.
 */
export function unstorableTextPaths(value: unknown, path: readonly string[] = []): string[] {
  const here = path.join('.');
  if (typeof value === 'string') return isStorableText(value) ? [] : [here];
  if (Array.isArray(value)) return value.flatMap((item, i) => unstorableTextPaths(item, [...path, String(i)]));
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.entries(value).flatMap(([key, item]) => (isStorableText(key) ? unstorableTextPaths(item, [...path, key]) : [[...path, '?'].join('.')]));
  }
  return [];
}
