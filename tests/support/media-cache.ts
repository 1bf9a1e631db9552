import { fileURLToPath } from 'node:url';

/**
 * Where every test shop keeps the image variants it made (`MEDIA_CACHE_DIR`, content-build/images.ts): the
 * suites start dozens of shops from empty folders, and each encoded the same demo photos again, about 25
 * CPU-seconds a shop. Inside node_modules, so a fresh clone starts with none.
 */
export const TEST_MEDIA_CACHE = fileURLToPath(new URL('../../node_modules/.cache/shop-media', import.meta.url));
