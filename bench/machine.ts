/** One line naming the machine a benchmark ran on, for the reports (figures mean little without it). */
import { cpus, totalmem } from 'node:os';

export function describeMachine(): string {
  const cores = cpus();
  return `Machine: ${cores.length} × ${cores[0]?.model.trim() ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${process.platform}.`;
}
