/**
 * The benchmarks' load generator, run as a process of its own (issue 34): in the benchmark's process it
 * shared a core with the bookkeeping and, at the tour page's 15 KB, it was the bottleneck — the shop and
 * the raw server then measured alike (0.99) while an outside run with its own client saw the difference.
 * Reads the autocannon options as JSON from argv and prints autocannon's result as JSON.
 *
 *   node bench/load-generator.ts '{"url":"http://127.0.0.1:4491/","connections":32,"duration":8}'
 */
import autocannon from 'autocannon';

const options = JSON.parse(process.argv[2] ?? '{}') as autocannon.Options;
const result = await autocannon(options);
process.stdout.write(JSON.stringify(result));
