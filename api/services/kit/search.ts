/**
 * The staff lists' text search, written once: a LIKE pattern that finds `text` anywhere, with its `%`, `_` and
 * `\` taken literally. Use it with `escape '\\'`; fold case (or accents) before, as the column is folded.
 *
 * @example sql`lower(${sql.ref('email')}) like ${likeContaining(q.toLocaleLowerCase('es'))} escape '\\'`
 */
export const likeContaining = (text: string): string => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
