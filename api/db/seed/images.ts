/**
 * Illustrated landscapes for the demo, drawn as SVG and encoded to WebP with sharp. Nothing is downloaded
 * and no font is used: shapes only, so every machine renders the same bytes for the same label.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import type { Landscape } from './fixtures/destinations.ts';
import { createRandom, hashString, type Random } from './random.ts';

export interface LandscapeOptions {
  width: number;
  height: number;
  landscape: Landscape;
  /** Seeds palette and shapes: the same label draws the same picture. */
  label: string;
  /** Snow on the ground and a winter sky. */
  winter?: boolean;
  /** WebP quality, 1..100. */
  quality?: number;
}

type Sky = 'dawn' | 'day' | 'golden' | 'dusk' | 'night';

const SKIES: Record<Sky, { top: string; mid: string; bottom: string; sun: string; haze: string }> = {
  dawn: { top: '#8fb8e8', mid: '#f5c6c0', bottom: '#ffe6c7', sun: '#fff4d6', haze: '#f6d9d2' },
  day: { top: '#6fb1ea', mid: '#a9d3f5', bottom: '#e3f1fb', sun: '#fffbe8', haze: '#d7e9f5' },
  golden: { top: '#7fb2e0', mid: '#f7d59c', bottom: '#ffe9b8', sun: '#fff1c4', haze: '#f3dcb4' },
  dusk: { top: '#5b6fb3', mid: '#c98bb0', bottom: '#ffc49a', sun: '#ffe1b0', haze: '#d9a7b4' },
  night: { top: '#0e1a3a', mid: '#1f3564', bottom: '#3d5a8a', sun: '#f4f1e6', haze: '#33507e' },
};

/** Ground colours from far to near, per landscape. */
const GROUNDS: Record<Landscape, readonly string[]> = {
  mountains: ['#9fb6cf', '#6f8fa8', '#4d7060', '#2f5444'],
  fjord: ['#a4b9cc', '#6f8ca0', '#49675f', '#2c4a44'],
  dunes: ['#f2cf9a', '#e6b072', '#d39052', '#b8723c'],
  sea: ['#7fa3a0', '#4e7f7a', '#2f5f5a'],
  savanna: ['#c9b27a', '#b89a5a', '#9c7d42', '#6f5a2e'],
  village: ['#a9c09a', '#7fa276', '#5b8359', '#3f6542'],
  aurora: ['#3b5578', '#2b4262', '#1c2f4a', '#12213a'],
  jungle: ['#8fbf8a', '#5e9e62', '#3f7f4b', '#275f37'],
  city: ['#8c9cc0', '#6c7ca4', '#4c5a82', '#343f62'],
  temple: ['#b7c7a0', '#8aa67a', '#5f8459', '#3e6240'],
};

function hexToRgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export function mix(a: string, b: string, t: number): string {
  const [ar, ag, ab] = hexToRgb(a);
  const [br, bg, bb] = hexToRgb(b);
  const c = (x: number, y: number) =>
    Math.round(x + (y - x) * t)
      .toString(16)
      .padStart(2, '0');
  return `#${c(ar, br)}${c(ag, bg)}${c(ab, bb)}`;
}

const f = (n: number) => (Math.round(n * 10) / 10).toString();

/** Heights along the width by midpoint displacement: rough for peaks, gentle for hills. */
function profile(rng: Random, segments: number, base: number, amplitude: number, roughness: number): number[] {
  const heights = new Array<number>(segments + 1).fill(base);
  heights[0] = base + (rng.next() - 0.5) * amplitude;
  heights[segments] = base + (rng.next() - 0.5) * amplitude;
  let step = segments;
  let spread = amplitude;
  while (step > 1) {
    const half = step / 2;
    for (let i = half; i < segments; i += step) {
      heights[i] = ((heights[i - half] as number) + (heights[i + half] as number)) / 2 + (rng.next() - 0.5) * spread;
    }
    spread *= roughness;
    step = half;
  }
  return heights;
}

/** Distinct peaks with straight flanks, plus a little noise: reads as a mountain range, not as hills. */
function peaks(rng: Random, segments: number, base: number, amplitude: number): number[] {
  const tops = Array.from({ length: rng.int(3, 5) }, () => ({
    x: rng.next(),
    height: amplitude * (0.45 + rng.next() * 0.55),
    width: 0.12 + rng.next() * 0.16,
  }));
  const noise = profile(rng, segments, 0, amplitude * 0.12, 0.6);
  return noise.map((n, i) => {
    const x = i / segments;
    const lift = Math.max(amplitude * 0.1, ...tops.map((t) => t.height * (1 - Math.abs(x - t.x) / t.width)));
    return base + amplitude * 0.35 - lift + n;
  });
}

function ridgePath(w: number, h: number, heights: readonly number[], smooth: boolean): string {
  const n = heights.length - 1;
  const pts = heights.map((y, i) => [(i / n) * w, y] as const);
  let d = `M0,${f(h)} L0,${f(pts[0]?.[1] ?? h)}`;
  if (smooth) {
    for (let i = 0; i < n; i++) {
      const [x0, y0] = pts[i] as readonly [number, number];
      const [x1, y1] = pts[i + 1] as readonly [number, number];
      d += ` Q${f(x0)},${f(y0)} ${f((x0 + x1) / 2)},${f((y0 + y1) / 2)}`;
    }
    d += ` L${f(w)},${f(pts[n]?.[1] ?? h)}`;
  } else {
    for (const [x, y] of pts.slice(1)) d += ` L${f(x)},${f(y)}`;
  }
  return `${d} L${f(w)},${f(h)} Z`;
}

function cloud(rng: Random, x: number, y: number, scale: number, opacity: number): string {
  const parts = Array.from({ length: rng.int(3, 5) }, (_, i) => {
    const cx = x + (i - 2) * 38 * scale + rng.int(-10, 10) * scale;
    const cy = y - rng.int(0, 18) * scale;
    return `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rng.int(40, 70) * scale)}" ry="${f(rng.int(16, 28) * scale)}"/>`;
  });
  return `<g fill="#ffffff" opacity="${opacity}">${parts.join('')}</g>`;
}

function houses(rng: Random, w: number, baseY: number, scale: number, color: string, winter: boolean, night: boolean): string {
  let x = -20 * scale;
  let out = '';
  const walls = ['#f3e3c3', '#e9c9a6', '#d9b7a0', '#f0d8b0', '#cfa98f', '#e7d3bd'];
  while (x < w) {
    const hw = rng.int(46, 78) * scale;
    const hh = rng.int(40, 80) * scale;
    const roof = hw * 0.55;
    const wall = night ? mix(rng.pick(walls), '#1b2a4a', 0.55) : rng.pick(walls);
    out += `<rect x="${f(x)}" y="${f(baseY - hh)}" width="${f(hw)}" height="${f(hh + 4)}" fill="${wall}"/>`;
    out += `<path d="M${f(x - 4 * scale)},${f(baseY - hh)} L${f(x + hw / 2)},${f(baseY - hh - roof)} L${f(x + hw + 4 * scale)},${f(baseY - hh)} Z" fill="${winter ? '#f7fbff' : color}"/>`;
    const windowColor = night ? '#ffd77a' : '#6a7f96';
    for (let wx = x + hw * 0.2; wx < x + hw * 0.8; wx += hw * 0.32) {
      out += `<rect x="${f(wx)}" y="${f(baseY - hh * 0.7)}" width="${f(hw * 0.16)}" height="${f(hh * 0.22)}" fill="${windowColor}" opacity="0.9"/>`;
    }
    x += hw + rng.int(0, 6) * scale;
  }
  return out;
}

function acacia(x: number, y: number, s: number, color: string): string {
  return `<g fill="${color}"><path d="M${f(x - 2 * s)},${f(y)} L${f(x - 1 * s)},${f(y - 26 * s)} L${f(x + 1 * s)},${f(y - 26 * s)} L${f(x + 2 * s)},${f(y)} Z"/><ellipse cx="${f(x)}" cy="${f(y - 30 * s)}" rx="${f(30 * s)}" ry="${f(7 * s)}"/><ellipse cx="${f(x + 12 * s)}" cy="${f(y - 34 * s)}" rx="${f(16 * s)}" ry="${f(5 * s)}"/></g>`;
}

function palm(x: number, y: number, s: number, color: string): string {
  const top = y - 150 * s;
  const lean = 26 * s;
  let out = `<path d="M${f(x - 5 * s)},${f(y)} Q${f(x + lean * 0.2)},${f(y - 80 * s)} ${f(x + lean)},${f(top)} L${f(x + lean + 6 * s)},${f(top + 2 * s)} Q${f(x + lean * 0.3 + 8 * s)},${f(y - 80 * s)} ${f(x + 5 * s)},${f(y)} Z" fill="${color}"/>`;
  for (const [dx, dy] of [
    [-70, 18],
    [-50, 40],
    [70, 22],
    [52, 44],
    [10, -30],
    [-30, -18],
    [40, -12],
  ] as const) {
    out += `<path d="M${f(x + lean)},${f(top)} Q${f(x + lean + dx * 0.5 * s)},${f(top - 26 * s + dy * 0.2 * s)} ${f(x + lean + dx * s)},${f(top + dy * s)} Q${f(x + lean + dx * 0.5 * s)},${f(top - 10 * s + dy * 0.4 * s)} ${f(x + lean)},${f(top + 4 * s)} Z" fill="${color}"/>`;
  }
  return out;
}

function pagoda(x: number, y: number, s: number, color: string): string {
  let out = `<rect x="${f(x - 3 * s)}" y="${f(y - 120 * s)}" width="${f(6 * s)}" height="${f(120 * s)}" fill="${color}"/>`;
  for (let i = 0; i < 5; i++) {
    const ty = y - i * 22 * s;
    const half = (44 - i * 6) * s;
    out += `<rect x="${f(x - half * 0.6)}" y="${f(ty - 14 * s)}" width="${f(half * 1.2)}" height="${f(14 * s)}" fill="${color}"/>`;
    out += `<path d="M${f(x - half)},${f(ty - 12 * s)} Q${f(x)},${f(ty - 24 * s)} ${f(x + half)},${f(ty - 12 * s)} L${f(x + half * 0.7)},${f(ty - 20 * s)} L${f(x - half * 0.7)},${f(ty - 20 * s)} Z" fill="${color}"/>`;
  }
  return out;
}

/** The SVG source of one landscape, for reuse (previews, placeholders) without encoding. */
export function landscapeSvg(options: LandscapeOptions): string {
  const { width: w, height: h, landscape, label } = options;
  const rng = createRandom(hashString(`${landscape}|${label}`));
  const night = landscape === 'aurora' || (options.winter === true && landscape === 'village' && rng.chance(0.5));
  const sky: Sky = night ? 'night' : landscape === 'city' ? rng.pick(['dusk', 'golden'] as const) : rng.pick(['dawn', 'day', 'day', 'golden', 'dusk'] as const);
  const c = SKIES[sky];
  const ground = GROUNDS[landscape];
  const winter = options.winter === true;
  const s = Math.min(w, h) / 600;
  const defs: string[] = [
    `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${c.top}"/><stop offset="0.55" stop-color="${c.mid}"/><stop offset="1" stop-color="${c.bottom}"/></linearGradient>`,
    `<radialGradient id="glow"><stop offset="0" stop-color="${c.sun}" stop-opacity="0.85"/><stop offset="1" stop-color="${c.sun}" stop-opacity="0"/></radialGradient>`,
  ];
  const body: string[] = [`<rect width="${w}" height="${h}" fill="url(#sky)"/>`];

  const sunX = w * (0.15 + rng.next() * 0.7);
  const sunY = h * (0.18 + rng.next() * 0.2);
  body.push(`<circle cx="${f(sunX)}" cy="${f(sunY)}" r="${f(150 * s)}" fill="url(#glow)"/>`);
  body.push(`<circle cx="${f(sunX)}" cy="${f(sunY)}" r="${f((night ? 26 : 38) * s)}" fill="${landscape === 'temple' && !night ? '#f07a5a' : c.sun}"/>`);
  if (night) {
    const stars = Array.from(
      { length: 70 },
      () => `<circle cx="${f(rng.next() * w)}" cy="${f(rng.next() * h * 0.55)}" r="${f((0.6 + rng.next() * 1.4) * s)}"/>`,
    );
    body.push(`<g fill="#ffffff" opacity="0.8">${stars.join('')}</g>`);
  }
  if (landscape === 'aurora') {
    defs.push(
      `<linearGradient id="aur" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7cf5c8" stop-opacity="0"/><stop offset="0.6" stop-color="#57e3a8" stop-opacity="0.55"/><stop offset="1" stop-color="#b07cf0" stop-opacity="0"/></linearGradient>`,
    );
    for (let band = 0; band < 3; band++) {
      const base = h * (0.2 + band * 0.08);
      const top = profile(rng, 16, base, h * 0.18, 0.6).map((y) => y);
      let d = `M0,${f(top[0] ?? base)}`;
      top.forEach((y, i) => {
        d += ` L${f((i / 16) * w)},${f(y)}`;
      });
      for (let i = 16; i >= 0; i--) d += ` L${f((i / 16) * w)},${f((top[i] ?? base) + h * 0.16)}`;
      body.push(`<path d="${d} Z" fill="url(#aur)" opacity="${0.55 + band * 0.15}"/>`);
    }
  } else if (!night) {
    for (let i = 0; i < rng.int(2, 4); i++)
      body.push(cloud(rng, rng.next() * w, h * (0.1 + rng.next() * 0.25), (0.7 + rng.next() * 0.6) * s, 0.35 + rng.next() * 0.35));
  }

  const layers = ground.length;
  const smooth = landscape === 'dunes' || landscape === 'jungle' || landscape === 'savanna' || landscape === 'village' || landscape === 'temple';
  const rough = landscape === 'mountains' || landscape === 'fjord' || landscape === 'aurora' ? 0.56 : 0.42;
  const horizon = landscape === 'sea' ? 0.58 : landscape === 'savanna' ? 0.62 : landscape === 'city' ? 0.72 : 0.45;
  // Wide banners get more ridge points so peaks keep the same density as on thumbnails.
  const segments = w > 1000 ? 64 : 32;
  for (let i = 0; i < layers; i++) {
    const depth = i / Math.max(1, layers - 1);
    let color = mix(c.haze, ground[i] as string, 0.35 + depth * 0.65);
    if (winter && !night) color = mix(color, '#f4f8fc', 0.55 - depth * 0.35);
    if (night) color = mix(color, '#0c1630', 0.35);
    const base = h * (horizon + depth * (1 - horizon) * 0.55);
    const amplitude = h * (landscape === 'mountains' || landscape === 'fjord' ? 0.42 - depth * 0.25 : landscape === 'sea' ? 0.05 : 0.16 - depth * 0.06);
    const peaked = (landscape === 'mountains' || landscape === 'fjord' || landscape === 'aurora') && i < 2;
    const heights = peaked ? peaks(rng, segments, base, amplitude) : profile(rng, landscape === 'city' ? 4 : segments, base, amplitude, rough);
    if (landscape === 'fjord') {
      // Valley walls fall to the water in the middle third.
      heights.forEach((y, k) => {
        const x = k / segments;
        const valley = Math.max(0, 1 - Math.abs(x - 0.5) * 3.2);
        heights[k] = y + valley * h * (0.35 - depth * 0.1);
      });
    }
    if (landscape === 'sea' && i > 0) continue;
    body.push(`<path d="${ridgePath(w, h, heights, smooth)}" fill="${color}"/>`);
    if ((landscape === 'mountains' || landscape === 'fjord') && i === 0 && !night) {
      const peak = Math.min(...heights);
      defs.push(
        `<linearGradient id="snow" gradientUnits="userSpaceOnUse" x1="0" y1="${f(peak)}" x2="0" y2="${f(peak + h * 0.14)}"><stop offset="0" stop-color="#ffffff" stop-opacity="0.95"/><stop offset="0.55" stop-color="#ffffff" stop-opacity="0.6"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></linearGradient>`,
      );
      body.push(`<path d="${ridgePath(w, h, heights, false)}" fill="url(#snow)"/>`);
    }
    if (landscape === 'jungle' && i === 0) {
      const vx = w * (0.25 + rng.next() * 0.5);
      const H = h * 0.2;
      body.push(
        `<path d="M${f(vx - w * 0.28)},${f(base + 6)} L${f(vx - w * 0.035)},${f(base - H)} L${f(vx + w * 0.035)},${f(base - H)} L${f(vx + w * 0.28)},${f(base + 6)} Z" fill="${mix(c.haze, '#6f8a7a', 0.55)}"/>`,
      );
      body.push(`<ellipse cx="${f(vx)}" cy="${f(base - H - 14 * s)}" rx="${f(34 * s)}" ry="${f(12 * s)}" fill="#ffffff" opacity="0.55"/>`);
    }
    if (landscape === 'jungle' && i >= layers - 2) {
      const bumps = Array.from({ length: 22 }, (_, k) => {
        const x = (k / 21) * w + (rng.next() - 0.5) * 20 * s;
        const y = heights[Math.min(segments, Math.round((k / 21) * segments))] ?? base;
        return `<circle cx="${f(x)}" cy="${f(y + 6 * s)}" r="${f((18 + rng.next() * 22) * s)}"/>`;
      });
      body.push(`<g fill="${color}">${bumps.join('')}</g>`);
    }
    if (landscape === 'temple' && i === 0) {
      const fx = w * (0.25 + rng.next() * 0.5);
      const peak = h * 0.22;
      body.push(
        `<path d="M${f(fx - w * 0.34)},${f(h * 0.62)} L${f(fx - w * 0.05)},${f(peak)} Q${f(fx)},${f(peak - 8 * s)} ${f(fx + w * 0.05)},${f(peak)} L${f(fx + w * 0.34)},${f(h * 0.62)} Z" fill="${mix(c.haze, '#7f93b5', 0.6)}"/>`,
      );
      body.push(
        `<path d="M${f(fx - w * 0.085)},${f(peak + h * 0.1)} L${f(fx - w * 0.05)},${f(peak)} Q${f(fx)},${f(peak - 8 * s)} ${f(fx + w * 0.05)},${f(peak)} L${f(fx + w * 0.085)},${f(peak + h * 0.1)} Q${f(fx)},${f(peak + h * 0.07)} ${f(fx - w * 0.085)},${f(peak + h * 0.1)} Z" fill="#f8fbff"/>`,
      );
    }
    if (landscape === 'savanna' && i === 0) {
      // A quadratic's apex sits halfway to its control point, so the snow cap shares the mountain's apex.
      const kx = w * (0.2 + rng.next() * 0.6);
      const H = h * 0.22;
      const dx = w * 0.3 * Math.sqrt(0.2);
      body.push(
        `<path d="M${f(kx - w * 0.3)},${f(base + 4)} Q${f(kx)},${f(base - 2 * H)} ${f(kx + w * 0.3)},${f(base + 4)} Z" fill="${mix(c.haze, '#8b9bb5', 0.5)}"/>`,
      );
      body.push(
        `<path d="M${f(kx - dx)},${f(base - 0.8 * H)} Q${f(kx)},${f(base - 1.2 * H)} ${f(kx + dx)},${f(base - 0.8 * H)} Q${f(kx + dx * 0.4)},${f(base - 0.74 * H)} ${f(kx)},${f(base - 0.78 * H)} Q${f(kx - dx * 0.4)},${f(base - 0.72 * H)} ${f(kx - dx)},${f(base - 0.8 * H)} Z" fill="#f8fbff"/>`,
      );
    }
    if (landscape === 'city' && i === 1) {
      let x = 0;
      while (x < w) {
        const bw = rng.int(28, 70) * s;
        const bh = rng.int(60, 260) * s;
        const shade = mix('#3e4a74', c.mid, rng.next() * 0.25);
        body.push(`<rect x="${f(x)}" y="${f(h * 0.9 - bh)}" width="${f(bw)}" height="${f(bh + h * 0.1)}" fill="${shade}"/>`);
        for (let wy = h * 0.9 - bh + 10 * s; wy < h * 0.88; wy += 16 * s) {
          if (rng.chance(0.45))
            body.push(`<rect x="${f(x + 6 * s)}" y="${f(wy)}" width="${f(bw - 12 * s)}" height="${f(4 * s)}" fill="#ffe3a3" opacity="0.6"/>`);
        }
        x += bw + rng.int(2, 8) * s;
      }
    }
    if (landscape === 'village' && i === layers - 2) body.push(houses(rng, w, base + h * 0.04, s, '#9c4a3c', winter, night));
  }

  if (landscape === 'sea' || landscape === 'fjord') {
    const top = landscape === 'sea' ? h * horizon : h * 0.78;
    defs.push(
      `<linearGradient id="sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${mix(c.bottom, '#3aa6c9', 0.55)}"/><stop offset="1" stop-color="${mix('#1d6f96', c.top, 0.2)}"/></linearGradient>`,
    );
    body.push(`<rect x="0" y="${f(top)}" width="${w}" height="${f(h - top)}" fill="url(#sea)"/>`);
    for (let k = 0; k < 14; k++) {
      const y = top + (h - top) * (0.08 + k * 0.065);
      const len = (20 + rng.next() * 70) * s * (1 + k * 0.15);
      body.push(
        `<rect x="${f(sunX - len / 2 + (rng.next() - 0.5) * 30 * s)}" y="${f(y)}" width="${f(len)}" height="${f(2.5 * s)}" fill="${c.sun}" opacity="${f(0.55 - k * 0.03)}"/>`,
      );
    }
    if (landscape === 'sea') {
      const ix = w * (rng.chance(0.5) ? 0.12 : 0.7);
      body.push(
        `<path d="M${f(ix)},${f(top + 1)} Q${f(ix + w * 0.09)},${f(top - h * 0.12)} ${f(ix + w * 0.22)},${f(top + 1)} Z" fill="${mix(c.haze, ground[1] as string, 0.7)}"/>`,
      );
      const bx = w * (0.3 + rng.next() * 0.4);
      body.push(
        `<path d="M${f(bx)},${f(top + h * 0.08)} L${f(bx + 18 * s)},${f(top + h * 0.08 - 46 * s)} L${f(bx + 20 * s)},${f(top + h * 0.08)} Z" fill="#ffffff" opacity="0.9"/>`,
      );
      body.push(
        `<path d="M${f(bx - 10 * s)},${f(top + h * 0.08)} L${f(bx + 34 * s)},${f(top + h * 0.08)} L${f(bx + 28 * s)},${f(top + h * 0.08 + 7 * s)} L${f(bx - 4 * s)},${f(top + h * 0.08 + 7 * s)} Z" fill="#5a4a3c"/>`,
      );
      const shore = profile(rng, 16, h * 0.93, h * 0.05, 0.5);
      body.push(`<path d="${ridgePath(w, h, shore, true)}" fill="${mix('#f4dcb0', c.haze, 0.15)}"/>`);
    }
  }
  if (landscape === 'savanna') {
    const near = mix(c.haze, '#3a2f1c', 0.75);
    for (let k = 0; k < rng.int(2, 4); k++)
      body.push(acacia(w * (0.08 + rng.next() * 0.84), h * (0.74 + rng.next() * 0.12), (1.3 + rng.next() * 1.2) * s, near));
  }
  if (landscape === 'jungle' || (landscape === 'sea' && rng.chance(0.5))) {
    const near = mix(c.haze, '#1f3a26', 0.8);
    for (let k = 0; k < rng.int(1, 3); k++)
      body.push(palm(w * (k % 2 === 0 ? 0.04 + rng.next() * 0.18 : 0.78 + rng.next() * 0.18), h * 1.02, (1.6 + rng.next() * 0.8) * s, near));
  }
  if (landscape === 'temple') body.push(pagoda(w * (rng.chance(0.5) ? 0.18 : 0.8), h * 0.92, 1.3 * s, mix('#4a2a2a', c.haze, 0.15)));
  if (landscape === 'aurora' || (landscape === 'mountains' && winter)) {
    const trees = Array.from({ length: 26 }, () => {
      const x = rng.next() * w;
      const y = h * (0.86 + rng.next() * 0.12);
      const th = (30 + rng.next() * 50) * s;
      return `<path d="M${f(x)},${f(y - th)} L${f(x + th * 0.28)},${f(y)} L${f(x - th * 0.28)},${f(y)} Z"/>`;
    });
    body.push(`<g fill="${night ? '#0a1428' : '#2e4a3e'}">${trees.join('')}</g>`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs>${defs.join('')}</defs>${body.join('')}</svg>`;
}

/** A faceless portrait for the expert-opinion avatar: pastel backdrop, head and shoulders. */
export function avatarSvg(label: string, size: number): string {
  const rng = createRandom(hashString(`avatar|${label}`));
  const backdrop = rng.pick(['#f6d9c4', '#cfe4f2', '#d9ecd3', '#eddcf2', '#f7e7b8']);
  const skin = rng.pick(['#e8b894', '#c98f6b', '#f2cdb0', '#a8714f']);
  const hair = rng.pick(['#3b2a20', '#6b4a2f', '#1f1a17', '#a0744a']);
  const shirt = rng.pick(['#2f6f8f', '#8f3f4f', '#3f7f5f', '#5f4f8f', '#c0703a', '#4a5a6a']);
  const longHair = rng.chance(0.5);
  const u = size / 100;
  const hairBack = longHair ? `<rect x="${f(31 * u)}" y="${f(30 * u)}" width="${f(38 * u)}" height="${f(36 * u)}" rx="${f(12 * u)}" fill="${hair}"/>` : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}"><rect width="${size}" height="${size}" fill="${backdrop}"/>${hairBack}<path d="M${f(14 * u)},${f(100 * u)} Q${f(16 * u)},${f(66 * u)} ${f(50 * u)},${f(64 * u)} Q${f(84 * u)},${f(66 * u)} ${f(86 * u)},${f(100 * u)} Z" fill="${shirt}"/><rect x="${f(43 * u)}" y="${f(52 * u)}" width="${f(14 * u)}" height="${f(16 * u)}" fill="${skin}"/><ellipse cx="${f(50 * u)}" cy="${f(40 * u)}" rx="${f(17 * u)}" ry="${f(20 * u)}" fill="${skin}"/><path d="M${f(32 * u)},${f(40 * u)} Q${f(30 * u)},${f(16 * u)} ${f(50 * u)},${f(17 * u)} Q${f(71 * u)},${f(16 * u)} ${f(68 * u)},${f(40 * u)} Q${f(62 * u)},${f(26 * u)} ${f(50 * u)},${f(27 * u)} Q${f(38 * u)},${f(27 * u)} ${f(32 * u)},${f(40 * u)} Z" fill="${hair}"/></svg>`;
}

/** One landscape encoded to WebP. */
export async function renderLandscape(options: LandscapeOptions): Promise<Buffer> {
  return sharp(Buffer.from(landscapeSvg(options)))
    .webp({ quality: options.quality ?? 72, effort: 2 })
    .toBuffer();
}

/** One avatar encoded to WebP. */
export async function renderAvatar(label: string, size = 160): Promise<Buffer> {
  return sharp(Buffer.from(avatarSvg(label, size)))
    .webp({ quality: 80, effort: 2 })
    .toBuffer();
}

/** A file to write: a landscape, or an avatar when `avatar` is set. */
export type ImageFile = { path: string } & (LandscapeOptions | { avatar: true; label: string; size: number });

let drawn = 0;

/**
 * One picture's bytes. With `MEDIA_CACHE_DIR` (the test suites seed the demo dozens of times) a drawing
 * encoded before is read back: the same SVG and settings give the same WebP, so the file is named by them.
 */
async function picture(job: ImageFile): Promise<Buffer> {
  const encode = () => ('avatar' in job ? renderAvatar(job.label, job.size) : renderLandscape(job));
  const shared = process.env.MEDIA_CACHE_DIR;
  if (!shared) return encode();
  const drawing = 'avatar' in job ? `avatar|80|${avatarSvg(job.label, job.size)}` : `landscape|${job.quality ?? 72}|${landscapeSvg(job)}`;
  const file = join(shared, 'seed', `${createHash('sha256').update(drawing).digest('hex').slice(0, 32)}.webp`);
  const kept = await readFile(file).catch(() => null);
  if (kept) return kept;
  const bytes = await encode();
  await mkdir(dirname(file), { recursive: true });
  const tmp = `${file}.tmp-${process.pid}-${++drawn}`;
  await writeFile(tmp, bytes);
  await rename(tmp, file);
  return bytes;
}

/** Writes each picture under `filesDir`, a few at a time so two cores stay busy without a memory spike. */
export async function writeImages(filesDir: string, jobs: readonly ImageFile[], concurrency = 4): Promise<number> {
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++] as ImageFile;
      const target = join(filesDir, job.path);
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, await picture(job));
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, jobs.length) }, worker));
  return jobs.length;
}
