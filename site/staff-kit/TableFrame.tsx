import type { ReactNode } from 'react';

/**
 * The frame a wide table scrolls in sideways. A keyboard user must be able to scroll it too, so the
 * frame takes focus (axe: scrollable-region-focusable) and is named as the region it is.
 */
export function TableFrame({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable with the keyboard to be scrolled.
    <section className="admin-table-wrap" tabIndex={0} aria-label={label}>
      {children}
    </section>
  );
}
