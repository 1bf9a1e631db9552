import { createRedsysAPI, SANDBOX_URLS } from 'redsys-easy';
import { describe, expect, it } from 'vitest';
import { REDSYS_TEST_SECRET_KEY } from '../../config.ts';
import { decodeParameters, signaturesMatch, signJson, signParameters } from './redsys.ts';
import { generateTkId } from './settle.ts';

describe('HMAC_SHA256_V1 signatures', () => {
  // A redirect form signed by redsys-easy itself with Redsys' public test key.
  const library = createRedsysAPI({ secretKey: REDSYS_TEST_SECRET_KEY, urls: SANDBOX_URLS }).createRedirectForm({
    DS_MERCHANT_TRANSACTIONTYPE: '0',
    DS_MERCHANT_MERCHANTCODE: '999008881',
    DS_MERCHANT_ORDER: '1234abcdEFGH',
    DS_MERCHANT_TERMINAL: '1',
    DS_MERCHANT_AMOUNT: '100',
    DS_MERCHANT_CURRENCY: '978',
  }).body;

  it('sign exactly as Redsys does (the library agrees)', () => {
    expect(signParameters(REDSYS_TEST_SECRET_KEY, '1234abcdEFGH', library.Ds_MerchantParameters)).toBe(library.Ds_Signature);
  });

  it('verify through redsys-easy when the sandbox signs a notification', () => {
    const notification = signJson(REDSYS_TEST_SECRET_KEY, '1234abcdEFGH', {
      Ds_Order: '1234abcdEFGH',
      Ds_Amount: '100',
      Ds_Response: '0000',
      Ds_Date: '22%2F11%2F2026',
    });
    const params = createRedsysAPI({ secretKey: REDSYS_TEST_SECRET_KEY, urls: SANDBOX_URLS }).processRedirectNotification(notification);
    expect(params).toMatchObject({ Ds_Order: '1234abcdEFGH', Ds_Amount: '100', Ds_Date: '22/11/2026' });
  });

  it('compare whatever the base64 alphabet, and never match an empty or different one', () => {
    const urlSafe = library.Ds_Signature.replace(/\+/g, '-').replace(/\//g, '_');
    expect(signaturesMatch(library.Ds_Signature, urlSafe)).toBe(true);
    expect(signaturesMatch(library.Ds_Signature, '')).toBe(false);
    expect(signaturesMatch(library.Ds_Signature, signParameters(REDSYS_TEST_SECRET_KEY, '1234abcdEFGI', library.Ds_MerchantParameters))).toBe(false);
  });

  it('decode parameters only when they are a JSON object', () => {
    expect(decodeParameters(library.Ds_MerchantParameters)).toMatchObject({ DS_MERCHANT_ORDER: '1234abcdEFGH' });
    expect(decodeParameters('!!!')).toBeNull();
    expect(decodeParameters(Buffer.from('[1]').toString('base64'))).toBeNull();
  });
});

describe('generateTkId', () => {
  it("is 'DR', the year and 6 unambiguous base32 characters", () => {
    const ids = Array.from({ length: 200 }, () => generateTkId(new Date('2027-03-01T10:00:00Z')));
    for (const id of ids) expect(id).toMatch(/^DR-2027-[0-9A-HJKMNP-TV-Z]{6}$/);
    expect(new Set(ids).size).toBeGreaterThan(190);
  });
});
