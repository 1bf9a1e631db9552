/** Published traveller opinions on the tour page: their average. */

/**
 * The average rate of the published opinions (shown with one decimal through `formatRating`), or null
 * without opinions: no rating is better than a made-up one.
 *
 * @example computeAverageRating([{ rate: 4.5 }, { rate: 4 }]) // 4.25
 */
export function computeAverageRating(opinions: readonly { rate: number }[]): number | null {
  if (opinions.length === 0) return null;
  return opinions.reduce((sum, opinion) => sum + opinion.rate, 0) / opinions.length;
}
