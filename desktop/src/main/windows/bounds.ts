import type { Bounds } from '../adapter';

export const DEFAULT_BOUNDS: Bounds = { width: 1280, height: 820 };

/** Remembered bounds, clamped so the window is on a display that still exists. */
export function restoreBounds(saved: Bounds | null, displays: { x: number; y: number; width: number; height: number }[]): Bounds {
  if (!saved || saved.width < 400 || saved.height < 300) return DEFAULT_BOUNDS;
  const width = Math.min(saved.width, Math.max(...displays.map((d) => d.width), DEFAULT_BOUNDS.width));
  const height = Math.min(saved.height, Math.max(...displays.map((d) => d.height), DEFAULT_BOUNDS.height));
  if (saved.x === undefined || saved.y === undefined) return { width, height };
  const visible = displays.some((d) => saved.x! + 100 > d.x && saved.x! < d.x + d.width - 100 && saved.y! >= d.y && saved.y! < d.y + d.height - 100);
  return visible ? { x: saved.x, y: saved.y, width, height } : { width, height };
}
