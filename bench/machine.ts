/** One line naming the machine a benchmark ran on, for the reports (figures mean little without it). */
import { readFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';

export function describeMachine(): string {
  const cores = cpus();
  return `Machine: ${cores.length} × ${cores[0]?.model.trim() ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, ${process.platform}.`;
}

/** Resident memory of a running process, in kB (Linux: /proc); throws once it has ended. */
export function residentKb(pid: number): number {
  const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return line ? Number(line[1]) : Number.NaN;
}
