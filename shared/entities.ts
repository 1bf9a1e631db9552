/** Entry point for entity types; the types themselves live in ./entities/ by topic. */
export type * from './entities/index.ts';
