/**
 * The text pages' first texts (site/content/info/*.md, issue 33): what the in-place editor opens on a page
 * whose text was never saved, and what its first save is compared with. Markers stay as typed (`{{telefono}}`):
 * the build fills them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readInfoSource } from '#shared/info-pages.ts';

const FOLDER = fileURLToPath(new URL('../../../site/content/info/', import.meta.url));

let texts: Map<string, { title: string; html: string }> | null = null;

function readTexts(): Map<string, { title: string; html: string }> {
  texts ??= new Map(
    readdirSync(FOLDER)
      .filter((name) => name.endsWith('.md'))
      .map((name) => {
        const { meta, html } = readInfoSource(readFileSync(FOLDER + name, 'utf8'), name);
        return [name.replace(/\.md$/, ''), { title: meta.title ?? '', html }] as const;
      }),
  );
  return texts;
}

/** The first text of the text page `slug`; null when `slug` is not a text page. */
export function infoPageText(slug: string): { title: string; html: string } | null {
  return readTexts().get(slug) ?? null;
}
