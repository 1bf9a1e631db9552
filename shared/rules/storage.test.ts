import { describe, expect, it } from 'vitest';
import { buildLandingImageKey, sanitiseFileName, buildTourFileKey } from './storage.ts';

describe('sanitiseFileName', () => {
  it.each([
    { name: '"Uploaded file names have spaces replaced by underscores"', fileName: 'Foto playa 1.jpg', expected: 'Foto_playa_1.jpg' },
    { name: 'each space becomes one underscore', fileName: 'a  b.png', expected: 'a__b.png' },
    { name: 'directories are dropped', fileName: '../../etc/passwd', expected: 'passwd' },
    { name: 'Windows directories are dropped', fileName: 'C:\\fotos\\x y.png', expected: 'x_y.png' },
    { name: 'no hidden files', fileName: '.htaccess', expected: 'htaccess' },
    { name: 'an empty name gets a placeholder', fileName: '', expected: 'file' },
    { name: 'a bare parent reference gets a placeholder', fileName: '..', expected: 'file' },
  ])('$name: "$fileName" → "$expected"', ({ fileName, expected }) => {
    expect(sanitiseFileName(fileName)).toBe(expected);
  });
});

describe('storage keys', () => {
  it('stores tour files at "{tourId}/{filename}"', () => {
    expect(buildTourFileKey({ tourId: 'T1', fileName: 'mi foto.jpg' })).toBe('T1/mi_foto.jpg');
  });

  it.each([
    { slug: 'last-minute', variant: 'desktop' as const, expected: 'landing/last-minute/desktop' },
    { slug: 'ofertas', variant: 'mobile' as const, expected: 'landing/ofertas/mobile' },
    { slug: '../admin', variant: 'mobile' as const, expected: 'landing/admin/mobile' },
  ])('landing image of $slug ($variant) → $expected', ({ slug, variant, expected }) => {
    expect(buildLandingImageKey({ slug, variant })).toBe(expected);
  });
});
