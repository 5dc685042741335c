/**
 * Turns RGBA pixels the way an EXIF orientation says: the re-encoded image carries no EXIF, so
 * a phone photo taken sideways must be stored upright or a reviewer would see it lying down.
 */

export interface Pixels {
  width: number;
  height: number;
  /** RGBA, 4 bytes a pixel, row after row. */
  data: Uint8Array;
}

/** For each orientation: where the output pixel (x, y) comes from in a w × h source. */
const SOURCE: Record<number, (x: number, y: number, w: number, h: number) => [number, number]> = {
  2: (x, y, w) => [w - 1 - x, y],
  3: (x, y, w, h) => [w - 1 - x, h - 1 - y],
  4: (x, y, _w, h) => [x, h - 1 - y],
  5: (x, y) => [y, x],
  6: (x, y, _w, h) => [y, h - 1 - x],
  7: (x, y, w, h) => [w - 1 - y, h - 1 - x],
  8: (x, y, w) => [w - 1 - y, x],
};

export function upright(pixels: Pixels, orientation: number): Pixels {
  const source = SOURCE[orientation];
  if (!source) return pixels;
  const { width: w, height: h } = pixels;
  const sideways = orientation >= 5;
  const width = sideways ? h : w;
  const height = sideways ? w : h;
  // A 32-bit view needs an aligned start; a small Buffer may sit anywhere in Node's pool.
  const rgba = pixels.data.byteOffset % 4 === 0 ? pixels.data : pixels.data.slice();
  const from = new Uint32Array(rgba.buffer, rgba.byteOffset, w * h);
  const data = new Uint8Array(w * h * 4);
  const to = new Uint32Array(data.buffer);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [sx, sy] = source(x, y, w, h);
      to[y * width + x] = from[sy * w + sx] as number;
    }
  }
  return { width, height, data };
}
