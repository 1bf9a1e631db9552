/** Once per Vitest run: the migrated database templates every test copies (tests/support/databases.ts). */
import { setupTemplates } from './databases.ts';

export default function setup(): Promise<() => Promise<void>> {
  return setupTemplates();
}
