/**
 * VRPLIB text instances (CVRPLIB; Uchoa et al. 2017 and the Solomon / Gehring & Homberger VRPTW
 * files in the same layout): `KEY : value` specification lines, then sections
 * (`NODE_COORD_SECTION`, `DEMAND_SECTION`, `DEPOT_SECTION`, `TIME_WINDOW_SECTION`,
 * `SERVICE_TIME_SECTION`…) of whitespace-separated numbers, ended by `EOF`.
 */

export interface VrplibFile {
  /** Specification values by upper-case key (NAME, TYPE, DIMENSION, CAPACITY, …). */
  specs: Record<string, string>;
  /** Section rows by upper-case name without `_SECTION` (NODE_COORD, DEMAND, …). */
  sections: Record<string, number[][]>;
}

/** Parses the text. Throws when a section row holds something that is not a number. */
export function parseVrplib(text: string): VrplibFile {
  const specs: Record<string, string> = {};
  const sections: Record<string, number[][]> = {};
  let current: number[][] | null = null;
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '' || line === 'EOF') {
      if (line === 'EOF') break;
      continue;
    }
    const sec = /^([A-Z_]+)_SECTION\b/i.exec(line);
    if (sec) {
      current = [];
      sections[sec[1]!.toUpperCase()] = current;
      continue;
    }
    const spec = /^([A-Z_]+)\s*:\s*(.*)$/i.exec(line);
    if (spec) {
      specs[spec[1]!.toUpperCase()] = spec[2]!.trim().replace(/^"|"$/g, '');
      current = null;
      continue;
    }
    if (!current) throw new Error(`line ${i + 1}: data outside a section`);
    const row = line.split(/\s+/).map(Number);
    if (row.some((v) => Number.isNaN(v))) throw new Error(`line ${i + 1}: not a number`);
    current.push(row);
  }
  return { specs, sections };
}
