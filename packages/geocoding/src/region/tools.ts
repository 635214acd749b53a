/**
 * Running the Debian tools of the region load (osmium-tool, osm2pgsql, osm2pgrouting,
 * tilemaker; scripts/lib/services.sh ensure_region_tools installs them): one child process,
 * its output kept for the error message. Throws RegionLoadError when the tool is missing or
 * exits non-zero.
 */
import { spawn } from 'node:child_process';

/** A step of the region load failed; `message` names the tool and ends with its last output. */
export class RegionLoadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RegionLoadError';
  }
}

/** Runs `cmd args` with `env` added; resolves with its combined output; RegionLoadError on failure. */
export function run(cmd: string, args: string[], env: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const keep = (b: Buffer) => {
      out = (out + b.toString('utf8')).slice(-8000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', (e) => reject(new RegionLoadError(`${cmd}: ${e.message} (apt: see scripts/lib/services.sh ensure_region_tools)`)));
    child.on('close', (code) => {
      if (code === 0) resolve(out);
      else reject(new RegionLoadError(`${cmd} exited with ${code}: ${out.slice(-1500)}`));
    });
  });
}
