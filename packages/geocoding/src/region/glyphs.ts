/**
 * The base map's fonts as MapLibre glyph ranges (issue 9 §3): signed-distance-field PBFs
 * (the glyphs.proto of the Mapbox/MapLibre style spec: glyphs → fontstack {name, range} → glyph
 * {id, bitmap, width, height, left, top, advance}) generated from Debian's Noto Sans TTFs
 * (fonts-noto-core) with @mapbox/tiny-sdf (MapLibre's own SDF generator) drawing on
 * @napi-rs/canvas. 24 px, 3 px buffer, radius 8, cutoff 0.25 — the parameters MapLibre uses for the
 * glyphs it draws itself; `top` is the ascent less 27 as MapLibre sets it for those. Written to
 * <dir>/fonts/<font name>/<start>-<end>.pbf for the ranges with Latin, Cyrillic, «», №, –.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import TinySDF from '@mapbox/tiny-sdf';
import { PbfWriter as Pbf } from 'pbf';

/** The fonts the base map style names (text-font) and their Debian files. */
export const BASEMAP_FONTS = [
  { name: 'Noto Sans Regular', file: '/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf', weight: 'normal' },
  { name: 'Noto Sans Bold', file: '/usr/share/fonts/truetype/noto/NotoSans-Bold.ttf', weight: 'bold' },
] as const;

/** First code points of the 256-wide ranges written: Basic Latin + Latin-1, Cyrillic, punctuation, letterlike (№). */
export const GLYPH_RANGES = [0, 1024, 8192, 8448];

/** TinySDF draws on a browser canvas (its `_createCanvas`, not in its typings): @napi-rs/canvas here. */
class NodeTinySDF extends TinySDF {
  _createCanvas(size: number) {
    return createCanvas(size, size);
  }
}

/** One range of one font as a glyphs PBF. */
function rangePbf(sdf: TinySDF, name: string, start: number): Uint8Array {
  const pbf = new Pbf();
  pbf.writeMessage(1, (_: unknown, p: Pbf) => {
    p.writeStringField(1, name);
    p.writeStringField(2, `${start}-${start + 255}`);
    for (let id = start; id <= start + 255; id++) {
      const ch = String.fromCodePoint(id);
      if (id < 32 || (id >= 127 && id < 160)) continue;
      const g = sdf.draw(ch);
      if (!g.glyphAdvance && !g.glyphWidth) continue;
      p.writeMessage(3, (_g: unknown, q: Pbf) => {
        q.writeVarintField(1, id);
        if (g.glyphWidth > 0 && g.glyphHeight > 0) q.writeBytesField(2, new Uint8Array(g.data.buffer, g.data.byteOffset, g.data.length));
        q.writeVarintField(3, g.glyphWidth);
        q.writeVarintField(4, g.glyphHeight);
        q.writeSVarintField(5, Math.round(g.glyphLeft));
        q.writeSVarintField(6, Math.round(g.glyphTop) - 27);
        q.writeVarintField(7, Math.round(g.glyphAdvance));
      }, null);
    }
  }, null);
  return pbf.finish();
}

/** Writes the glyph ranges of BASEMAP_FONTS under `<dir>/fonts/`; returns the number of files. */
export function writeGlyphs(dir: string): number {
  let n = 0;
  for (const font of BASEMAP_FONTS) {
    GlobalFonts.registerFromPath(font.file, font.name);
    const sdf = new NodeTinySDF({ fontSize: 24, buffer: 3, radius: 8, cutoff: 0.25, fontFamily: font.name, fontWeight: font.weight });
    const out = join(dir, 'fonts', font.name);
    mkdirSync(out, { recursive: true });
    for (const start of GLYPH_RANGES) {
      writeFileSync(join(out, `${start}-${start + 255}.pbf`), rangePbf(sdf, font.name, start));
      n++;
    }
  }
  return n;
}
