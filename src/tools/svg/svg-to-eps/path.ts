// SVG path data → absolute moveto / lineto / curveto / closepath (quadratics and arcs become cubics).

export type Segment = { op: 'M' | 'L'; x: number; y: number } | { op: 'C'; x1: number; y1: number; x2: number; y2: number; x: number; y: number } | { op: 'Z' };

const ARGS: Record<string, number> = { m: 2, l: 2, h: 1, v: 1, c: 6, s: 4, q: 4, t: 2, a: 7, z: 0 };

function tokens(d: string): Array<[string, number[]]> {
  const out: Array<[string, number[]]> = [];
  const re = /([MmLlHhVvCcSsQqTtAaZz])|(-?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)/g;
  let cmd = '';
  let nums: number[] = [];
  const flush = () => {
    if (!cmd) return;
    const n = ARGS[cmd.toLowerCase()];
    if (n === 0) out.push([cmd, []]);
    else
      for (let i = 0; i + n <= nums.length; i += n) {
        // Extra pairs after a moveto are linetos.
        const c = i > 0 && cmd === 'M' ? 'L' : i > 0 && cmd === 'm' ? 'l' : cmd;
        out.push([c, nums.slice(i, i + n)]);
      }
  };
  for (const m of d.matchAll(re)) {
    if (m[1]) {
      flush();
      cmd = m[1];
      nums = [];
    } else nums.push(Number(m[2]));
  }
  flush();
  return out;
}

/** Arc flags may be written without separators ("a1 1 0 01 5 5"): re-split a 7-number group when needed. */
function fixArcFlags(d: string): string {
  return d.replace(/([Aa])([^MmLlHhVvCcSsQqTtAaZz]*)/g, (_all, c: string, body: string) => {
    const parts = body.match(/-?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?/gi) ?? [];
    const out: string[] = [];
    let i = 0;
    while (i < parts.length) {
      out.push(parts[i++], parts[i++] ?? '0', parts[i++] ?? '0');
      for (let f = 0; f < 2; f++) {
        const p = parts[i] ?? '0';
        if (/^[01]\d/.test(p) && !p.includes('.')) {
          out.push(p[0]);
          parts[i] = p.slice(1);
        } else {
          out.push(p);
          i++;
        }
      }
      out.push(parts[i++] ?? '0', parts[i++] ?? '0');
    }
    return `${c}${out.join(' ')} `;
  });
}

function arcToCubics(x1: number, y1: number, rx: number, ry: number, phi: number, large: number, sweep: number, x2: number, y2: number): Segment[] {
  if (rx === 0 || ry === 0) return [{ op: 'L', x: x2, y: y2 }];
  if (x1 === x2 && y1 === y2) return [];
  rx = Math.abs(rx);
  ry = Math.abs(ry);
  const rad = (phi * Math.PI) / 180;
  const cos = Math.cos(rad);
  const sin = Math.sin(rad);
  const dx = (x1 - x2) / 2;
  const dy = (y1 - y2) / 2;
  const xp = cos * dx + sin * dy;
  const yp = -sin * dx + cos * dy;
  const lambda = (xp * xp) / (rx * rx) + (yp * yp) / (ry * ry);
  if (lambda > 1) {
    rx *= Math.sqrt(lambda);
    ry *= Math.sqrt(lambda);
  }
  const num = rx * rx * ry * ry - rx * rx * yp * yp - ry * ry * xp * xp;
  const den = rx * rx * yp * yp + ry * ry * xp * xp;
  let coef = Math.sqrt(Math.max(0, num / den));
  if (large === sweep) coef = -coef;
  const cxp = (coef * rx * yp) / ry;
  const cyp = (-coef * ry * xp) / rx;
  const cx = cos * cxp - sin * cyp + (x1 + x2) / 2;
  const cy = sin * cxp + cos * cyp + (y1 + y2) / 2;
  const angle = (ux: number, uy: number, vx: number, vy: number) => {
    const a = Math.atan2(ux * vy - uy * vx, ux * vx + uy * vy);
    return a;
  };
  const t1 = angle(1, 0, (xp - cxp) / rx, (yp - cyp) / ry);
  let dt = angle((xp - cxp) / rx, (yp - cyp) / ry, (-xp - cxp) / rx, (-yp - cyp) / ry);
  if (!sweep && dt > 0) dt -= 2 * Math.PI;
  if (sweep && dt < 0) dt += 2 * Math.PI;
  const n = Math.ceil(Math.abs(dt) / (Math.PI / 2));
  const out: Segment[] = [];
  const step = dt / n;
  const k = (4 / 3) * Math.tan(step / 4);
  const point = (t: number) => [cx + rx * Math.cos(t) * cos - ry * Math.sin(t) * sin, cy + rx * Math.cos(t) * sin + ry * Math.sin(t) * cos];
  const deriv = (t: number) => [-rx * Math.sin(t) * cos - ry * Math.cos(t) * sin, -rx * Math.sin(t) * sin + ry * Math.cos(t) * cos];
  for (let i = 0; i < n; i++) {
    const a = t1 + i * step;
    const b = a + step;
    const [ax, ay] = point(a);
    const [bx, by] = point(b);
    const [dax, day] = deriv(a);
    const [dbx, dby] = deriv(b);
    out.push({ op: 'C', x1: ax + k * dax, y1: ay + k * day, x2: bx - k * dbx, y2: by - k * dby, x: bx, y: by });
  }
  const last = out[out.length - 1] as Extract<Segment, { op: 'C' }>;
  last.x = x2;
  last.y = y2;
  return out;
}

export function parsePath(d: string): Segment[] {
  const out: Segment[] = [];
  let x = 0;
  let y = 0;
  let sx = 0;
  let sy = 0;
  let lastCtrl: [number, number] | null = null;
  let lastQuad: [number, number] | null = null;
  for (const [cmd, a] of tokens(fixArcFlags(d))) {
    const rel = cmd === cmd.toLowerCase();
    const ox = rel ? x : 0;
    const oy = rel ? y : 0;
    const C = cmd.toUpperCase();
    let ctrl: [number, number] | null = null;
    let quad: [number, number] | null = null;
    switch (C) {
      case 'M':
        x = sx = a[0] + ox;
        y = sy = a[1] + oy;
        out.push({ op: 'M', x, y });
        break;
      case 'L':
        x = a[0] + ox;
        y = a[1] + oy;
        out.push({ op: 'L', x, y });
        break;
      case 'H':
        x = a[0] + ox;
        out.push({ op: 'L', x, y });
        break;
      case 'V':
        y = a[0] + oy;
        out.push({ op: 'L', x, y });
        break;
      case 'C':
      case 'S': {
        const [x1, y1]: [number, number] = C === 'C' ? [a[0] + ox, a[1] + oy] : lastCtrl ? [2 * x - lastCtrl[0], 2 * y - lastCtrl[1]] : [x, y];
        const r = C === 'C' ? a.slice(2) : a;
        const x2 = r[0] + ox;
        const y2 = r[1] + oy;
        x = r[2] + ox;
        y = r[3] + oy;
        out.push({ op: 'C', x1, y1, x2, y2, x, y });
        ctrl = [x2, y2];
        break;
      }
      case 'Q':
      case 'T': {
        const q: [number, number] = C === 'Q' ? [a[0] + ox, a[1] + oy] : lastQuad ? [2 * x - lastQuad[0], 2 * y - lastQuad[1]] : [x, y];
        const [qx, qy] = q;
        const r = C === 'Q' ? a.slice(2) : a;
        const ex = r[0] + ox;
        const ey = r[1] + oy;
        out.push({ op: 'C', x1: x + (2 / 3) * (qx - x), y1: y + (2 / 3) * (qy - y), x2: ex + (2 / 3) * (qx - ex), y2: ey + (2 / 3) * (qy - ey), x: ex, y: ey });
        x = ex;
        y = ey;
        quad = [qx, qy];
        break;
      }
      case 'A': {
        const ex = a[5] + ox;
        const ey = a[6] + oy;
        out.push(...arcToCubics(x, y, a[0], a[1], a[2], a[3], a[4], ex, ey));
        x = ex;
        y = ey;
        break;
      }
      case 'Z':
        out.push({ op: 'Z' });
        x = sx;
        y = sy;
        break;
    }
    lastCtrl = ctrl;
    lastQuad = quad;
  }
  return out;
}
