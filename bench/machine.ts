/** The machine a run measured: figures only compare between runs on like machines. */
import { readFileSync } from 'node:fs';
import { cpus, loadavg, release, totalmem, type } from 'node:os';
import { round } from './stats.ts';

export interface Machine {
  cpu: string;
  cores: number;
  memoryGiB: number;
  os: string;
  node: string;
  /** Filled in once the browser runs. */
  chromium?: string;
  /** 1, 5 and 15-minute load averages when the run started. */
  loadAverage: [number, number, number];
}

function cpuModel(): string {
  const model = cpus()[0]?.model?.trim();
  if (model && model !== 'unknown') return model;
  try {
    // Some virtual CPUs leave `model name` empty for Node; /proc may still say more.
    const line = readFileSync('/proc/cpuinfo', 'utf8')
      .split('\n')
      .find((l) => /^model name|^Hardware|^Processor/.test(l));
    return line?.split(':')[1]?.trim() ?? 'unknown CPU';
  } catch {
    return 'unknown CPU';
  }
}

export function describeMachine(): Machine {
  const [one, five, fifteen] = loadavg().map((v) => round(v, 2));
  return {
    cpu: cpuModel(),
    cores: cpus().length,
    memoryGiB: round(totalmem() / 2 ** 30, 1),
    os: `${type()} ${release()}`,
    node: process.version,
    loadAverage: [one!, five!, fifteen!],
  };
}

export function machineLine(m: Machine): string {
  return (
    `${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB; ${m.os}; Node ${m.node}; ` +
    `Chromium ${m.chromium ?? '?'}; load average at start ${m.loadAverage.join(' ')}`
  );
}
