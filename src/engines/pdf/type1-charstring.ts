// Runs a Type 1 glyph program (subroutines, flex and hint replacement othersubrs, div) into an outline in absolute
// coordinates, its width, stems and hint groups, and writes that as a Type 2 (CFF) charstring: the same points, so
// the glyph draws the same; stems kept (hint groups as hintmasks).

type Point = [number, number];
type Segment = { op: 'm' | 'l'; p: Point; hints: number } | { op: 'c'; p: [Point, Point, Point]; hints: number };
interface Stem {
  pos: number;
  width: number;
}
export interface Type1Glyph {
  width: number;
  segments: Segment[];
  /** Hint groups: the first holds the stems before any replacement. Keys 'h:pos:width' / 'v:pos:width'. */
  groups: Set<string>[];
  /** Standard-encoding accent composite: [adx, ady, bchar, achar] with adx as Type 2 wants it. */
  seac?: [number, number, number, number];
}

const MAX_DEPTH = 10;
const MAX_OPS = 100_000;

export function runType1(program: Uint8Array, subrs: Uint8Array[]): Type1Glyph {
  const stack: number[] = [];
  const ps: number[] = [];
  const glyph: Type1Glyph = { width: 0, segments: [], groups: [new Set()] };
  let x = 0;
  let y = 0;
  let sbx = 0;
  let sby = 0;
  let flex: Point[] | null = null;
  let ops = 0;
  let done = false;
  const group = () => glyph.groups.length - 1;
  const stem = (kind: 'h' | 'v', pos: number, width: number) => glyph.groups[group()].add(`${kind}:${pos}:${width}`);
  const moveTo = (dx: number, dy: number) => {
    x += dx;
    y += dy;
    if (flex) return;
    const last = glyph.segments.at(-1);
    if (last?.op === 'm') last.p = [x, y];
    else glyph.segments.push({ op: 'm', p: [x, y], hints: group() });
  };
  const lineTo = (dx: number, dy: number) => {
    x += dx;
    y += dy;
    glyph.segments.push({ op: 'l', p: [x, y], hints: group() });
  };
  const curveTo = (a: number, b: number, c: number, d: number, e: number, f: number) => {
    const p1: Point = [x + a, y + b];
    const p2: Point = [p1[0] + c, p1[1] + d];
    x = p2[0] + e;
    y = p2[1] + f;
    glyph.segments.push({ op: 'c', p: [p1, p2, [x, y]], hints: group() });
  };
  const need = (n: number) => {
    if (stack.length < n) throw new Error('Type 1: stack underflow');
  };

  const run = (code: Uint8Array, depth: number) => {
    if (depth > MAX_DEPTH) throw new Error('Type 1: subroutines nested too deep');
    let i = 0;
    while (i < code.length && !done) {
      if (++ops > MAX_OPS) throw new Error('Type 1: glyph program too long');
      const v = code[i++];
      if (v >= 32) {
        if (v <= 246) stack.push(v - 139);
        else if (v <= 250) stack.push((v - 247) * 256 + code[i++] + 108);
        else if (v <= 254) stack.push(-(v - 251) * 256 - code[i++] - 108);
        else {
          stack.push((code[i] << 24) | (code[i + 1] << 16) | (code[i + 2] << 8) | code[i + 3]);
          i += 4;
        }
        continue;
      }
      const op = v === 12 ? 1200 + code[i++] : v;
      switch (op) {
        case 13: // hsbw
          need(2);
          sbx = stack[0];
          glyph.width = stack[1];
          x = sbx;
          y = 0;
          break;
        case 1207: // sbw
          need(4);
          sbx = stack[0];
          sby = stack[1];
          glyph.width = stack[2];
          x = sbx;
          y = sby;
          break;
        case 1:
          need(2);
          stem('h', stack[0] + sby, stack[1]);
          break;
        case 3:
          need(2);
          stem('v', stack[0] + sbx, stack[1]);
          break;
        case 1202:
          need(6);
          for (let k = 0; k < 6; k += 2) stem('h', stack[k] + sby, stack[k + 1]);
          break;
        case 1201:
          need(6);
          for (let k = 0; k < 6; k += 2) stem('v', stack[k] + sbx, stack[k + 1]);
          break;
        case 21:
          need(2);
          moveTo(stack[0], stack[1]);
          break;
        case 22:
          need(1);
          moveTo(stack[0], 0);
          break;
        case 4:
          need(1);
          moveTo(0, stack[0]);
          break;
        case 5:
          need(2);
          lineTo(stack[0], stack[1]);
          break;
        case 6:
          need(1);
          lineTo(stack[0], 0);
          break;
        case 7:
          need(1);
          lineTo(0, stack[0]);
          break;
        case 8:
          need(6);
          curveTo(stack[0], stack[1], stack[2], stack[3], stack[4], stack[5]);
          break;
        case 30: // vhcurveto
          need(4);
          curveTo(0, stack[0], stack[1], stack[2], stack[3], 0);
          break;
        case 31: // hvcurveto
          need(4);
          curveTo(stack[0], 0, stack[1], stack[2], 0, stack[3]);
          break;
        case 9: // closepath: a Type 2 path closes itself at the next moveto or endchar
        case 1200: // dotsection
          break;
        case 10: {
          need(1);
          const sub = subrs[stack.pop()!];
          if (!sub) throw new Error('Type 1: missing subroutine');
          run(sub, depth + 1);
          continue;
        }
        case 11:
          return;
        case 14:
          done = true;
          break;
        case 1206: {
          // seac: asb adx ady bchar achar; Type 2's adx is relative to the base's origin with the accent's own side bearing.
          need(5);
          const [asb, adx, ady, bchar, achar] = stack;
          glyph.seac = [adx + sbx - asb, ady, bchar, achar];
          done = true;
          break;
        }
        case 1212: {
          need(2);
          const b = stack.pop()!;
          const a = stack.pop()!;
          stack.push(b === 0 ? 0 : a / b);
          continue;
        }
        case 1216: {
          need(2);
          const n = stack.pop()!;
          const count = stack.pop()!;
          need(count);
          const args = stack.splice(stack.length - count, count);
          if (n === 1) flex = [];
          else if (n === 2) flex?.push([x, y]);
          else if (n === 0 && flex) {
            const f = flex;
            flex = null;
            if (f.length >= 7) {
              // Index 0 is the reference point, not on the outline; 1-6 are the two curves.
              const [, a, b, c, d, e, g] = f;
              glyph.segments.push({ op: 'c', p: [a, b, c], hints: group() }, { op: 'c', p: [d, e, g], hints: group() });
              [x, y] = g;
            }
            ps.push(y, x);
          } else if (n === 3) {
            glyph.groups.push(new Set());
            ps.push(args[0] ?? 3);
          } else ps.push(...args.reverse());
          continue;
        }
        case 1217:
          stack.push(ps.pop() ?? 0);
          continue;
        case 1233: // setcurrentpoint: the point is already where flex left it
          need(2);
          break;
        default:
          throw new Error(`Type 1: unknown operator ${op}`);
      }
      stack.length = 0;
    }
  };
  run(program, 0);
  return glyph;
}

function stems(keys: Iterable<string>, kind: 'h' | 'v'): Stem[] {
  const out: Stem[] = [];
  for (const k of keys) {
    const [t, pos, width] = k.split(':');
    if (t === kind) out.push({ pos: Number(pos), width: Number(width) });
  }
  return out;
}

/** Type 2 number: small integers short, others as 16.16 fixed. */
export function t2Number(v: number, out: number[]): void {
  if (Number.isInteger(v) && v >= -32768 && v <= 32767) {
    if (v >= -107 && v <= 107) out.push(v + 139);
    else if (v >= 108 && v <= 1131) out.push(((v - 108) >> 8) + 247, (v - 108) & 0xff);
    else if (v >= -1131 && v <= -108) out.push(((-v - 108) >> 8) + 251, (-v - 108) & 0xff);
    else out.push(28, (v >> 8) & 0xff, v & 0xff);
    return;
  }
  const f = Math.round(v * 65536) | 0;
  out.push(255, (f >>> 24) & 0xff, (f >>> 16) & 0xff, (f >>> 8) & 0xff, f & 0xff);
}

const fixed = (v: number) => Math.round(v * 65536) / 65536;
const MAX_STEMS = 96;

export function toType2(g: Type1Glyph): Uint8Array {
  const out: number[] = [];
  const args = (...v: number[]) => v.forEach((n) => t2Number(n, out));
  const all = new Set<string>();
  for (const s of g.groups) for (const k of s) all.add(k);
  const byPos = (a: Stem, b: Stem) => a.pos - b.pos || a.width - b.width;
  const hs = stems(all, 'h').sort(byPos);
  const vs = stems(all, 'v').sort(byPos);
  const hinted = hs.length + vs.length <= MAX_STEMS;
  const masks = hinted && g.groups.filter((s) => s.size > 0).length > 1;
  args(g.width);
  if (hinted) {
    const put = (list: Stem[], op: number) => {
      if (list.length === 0) return;
      let edge = 0;
      for (const s of list) {
        args(fixed(s.pos - edge), s.width);
        edge = s.pos + s.width;
      }
      out.push(op);
    };
    put(hs, masks ? 18 : 1);
    put(vs, masks ? 23 : 3);
  }
  const order = [...hs.map((s) => `h:${s.pos}:${s.width}`), ...vs.map((s) => `v:${s.pos}:${s.width}`)];
  let current = -1;
  const hintmask = (group: number) => {
    out.push(19);
    const bytes = new Array<number>(Math.ceil(order.length / 8)).fill(0);
    order.forEach((k, i) => {
      if (g.groups[group].has(k)) bytes[i >> 3] |= 0x80 >> (i & 7);
    });
    out.push(...bytes);
    current = group;
  };
  let px = 0;
  let py = 0;
  const delta = (p: Point): [number, number] => {
    const dx = fixed(p[0] - px);
    const dy = fixed(p[1] - py);
    px += dx;
    py += dy;
    return [dx, dy];
  };
  for (const s of g.segments) {
    if (masks && s.hints !== current && g.groups[s.hints].size > 0) hintmask(s.hints);
    if (s.op === 'c') {
      const d = s.p.flatMap(delta);
      args(...d);
      out.push(8);
      continue;
    }
    const [dx, dy] = delta(s.p);
    // Type 2's one-axis forms where a move or line is horizontal or vertical: [h, v, both] operators.
    const [h, v, both] = s.op === 'm' ? [22, 4, 21] : [6, 7, 5];
    if (dx === 0) args(dy);
    else if (dy === 0) args(dx);
    else args(dx, dy);
    out.push(dx === 0 ? v : dy === 0 ? h : both);
  }
  if (g.seac) args(...g.seac);
  out.push(14);
  return Uint8Array.from(out);
}
