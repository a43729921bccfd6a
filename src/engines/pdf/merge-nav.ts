// What a merge keeps besides the pages: bookmarks (outlines), named destinations, links and page labels, copied as
// objects from each input with every page reference pointed at the page's copy. MuPDF's graftPage copies contents,
// resources and boxes only, and copying a link or bookmark as it is would drag its source page (and through /Parent,
// the whole source document) along, so these are rebuilt here. Hostile trees (loops, absurd depth) are cut short.
import type * as mupdf from 'mupdf';

/** One input as merged: its document, the graft map its pages went through, and where each chosen page landed. */
export interface NavSource {
  doc: mupdf.PDFDocument;
  name: string;
  map: mupdf.PDFGraftMap;
  /** 0-based source page index → 0-based output page index, in output order. */
  placed: { from: number; to: number }[];
}

const MAX_ITEMS = 100_000;
const MAX_DEPTH = 64;

/** Byte strings as latin1 JS strings: a name tree's keys compare byte by byte. */
const latin1 = (bytes: Uint8Array) => String.fromCharCode(...bytes);
const toBytes = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));

/** obj[k1][k2]...: MuPDF.js's get() on the null a missing key gives throws, so each step checks. */
function dig(obj: mupdf.PDFObject, ...keys: string[]): mupdf.PDFObject | null {
  let at = obj;
  for (const key of keys) {
    if (!at.isDictionary()) return null;
    at = at.get(key);
    if (at.isNull()) return null;
  }
  return at;
}

interface Scope {
  src: NavSource;
  /** Source page object number → the output page's reference (first copy when a page is taken twice). */
  pageRefs: Map<number, mupdf.PDFObject>;
  /** Source page index → output page reference. */
  byIndex: Map<number, mupdf.PDFObject>;
  /** Source destination name (bytes) → output name (bytes), for names whose page was kept. */
  names: Map<string, string>;
}

export function writeNavigation(out: mupdf.PDFDocument, sources: NavSource[], { nestOutlines }: { nestOutlines: boolean }): void {
  const root = out.getTrailer().get('Root');
  const scopes = sources.map((src): Scope => {
    const pageRefs = new Map<number, mupdf.PDFObject>();
    const byIndex = new Map<number, mupdf.PDFObject>();
    for (const { from, to } of src.placed) {
      const ref = out.findPage(to);
      const num = src.doc.findPage(from).asIndirect();
      if (!pageRefs.has(num)) pageRefs.set(num, ref);
      if (!byIndex.has(from)) byIndex.set(from, ref);
    }
    return { src, pageRefs, byIndex, names: new Map() };
  });

  // Named destinations: one tree for all inputs; a name two inputs share gets a suffix in the later one.
  const dests: [string, mupdf.PDFObject][] = [];
  const used = new Set<string>();
  for (const scope of scopes) {
    for (const [key, value] of readNamedDests(scope.src.doc)) {
      if (scope.names.has(key)) continue;
      const explicit = explicitDest(out, scope, value);
      if (!explicit) continue;
      let name = key;
      for (let n = 2; used.has(name); n++) name = withSuffix(key, `-${n}`);
      used.add(name);
      scope.names.set(key, name);
      dests.push([name, explicit]);
    }
  }
  if (dests.length > 0) {
    dests.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const names = out.newArray();
    for (const [name, dest] of dests) {
      names.push(out.newByteString(toBytes(name)));
      names.push(dest);
    }
    const tree = out.newDictionary();
    tree.put('Names', names);
    const nameDict = out.newDictionary();
    nameDict.put('Dests', out.addObject(tree));
    root.put('Names', out.addObject(nameDict));
  }

  for (const scope of scopes) copyLinks(out, scope);

  const outline: Item[] = [];
  for (const scope of scopes) {
    const items = readOutline(out, scope);
    const first = scope.src.placed[0];
    if (nestOutlines && first) {
      const dest = out.newArray();
      dest.push(out.findPage(first.to));
      dest.push(out.newName('Fit'));
      outline.push({ title: out.newString(scope.src.name), dest, open: true, kids: items });
    } else outline.push(...items);
  }
  if (outline.length > 0) root.put('Outlines', writeOutline(out, outline));

  const labels = pageLabels(out, scopes);
  if (labels) root.put('PageLabels', labels);
}

function withSuffix(name: string, suffix: string): string {
  // A UTF-16BE text string (byte order mark FE FF) takes the suffix in UTF-16BE too.
  if (name.startsWith('\xfe\xff')) return name + Array.from(suffix, (c) => `\0${c}`).join('');
  return name + suffix;
}

/** The key a destination name is known by: a string's bytes, or a name (the PDF 1.1 /Dests dictionary). */
function nameKey(obj: mupdf.PDFObject): string | null {
  if (obj.isString()) return latin1(obj.asByteString());
  if (obj.isName()) return obj.asName();
  return null;
}

/** Every named destination of a document: the /Names /Dests tree and the older /Dests dictionary. */
function readNamedDests(doc: mupdf.PDFDocument): [string, mupdf.PDFObject][] {
  const root = doc.getTrailer().get('Root');
  const out: [string, mupdf.PDFObject][] = [];
  const seen = new Set<number>();
  const walk = (node: mupdf.PDFObject, depth: number) => {
    if (depth > MAX_DEPTH || out.length > MAX_ITEMS) return;
    if (node.isIndirect()) {
      if (seen.has(node.asIndirect())) return;
      seen.add(node.asIndirect());
    }
    if (!node.isDictionary()) return;
    const names = node.get('Names');
    if (names.isArray()) {
      for (let i = 0; i + 1 < names.length; i += 2) {
        const key = nameKey(names.get(i));
        if (key !== null) out.push([key, names.get(i + 1)]);
      }
    }
    const kids = node.get('Kids');
    if (kids.isArray()) for (let i = 0; i < kids.length; i++) walk(kids.get(i), depth + 1);
  };
  const tree = dig(root, 'Names', 'Dests');
  if (tree) walk(tree, 0);
  const old = root.get('Dests');
  if (old.isDictionary()) old.forEach((value, key) => void out.push([String(key), value]));
  return out;
}

/** A destination array [page /XYZ left top zoom] pointing at the output's page, or null when that page was not kept. */
function explicitDest(out: mupdf.PDFDocument, scope: Scope, dest: mupdf.PDFObject, depth = 0): mupdf.PDFObject | null {
  if (depth > 2) return null;
  if (dest.isDictionary()) return explicitDest(out, scope, dest.get('D'), depth + 1);
  if (!dest.isArray() || dest.length < 1) return null;
  const page = dest.get(0);
  const ref = page.isIndirect() ? scope.pageRefs.get(page.asIndirect()) : page.isInteger() ? scope.byIndex.get(page.asNumber()) : undefined;
  if (!ref) return null;
  const copy = out.newArray();
  copy.push(ref);
  for (let i = 1; i < dest.length && i < 6; i++) copy.push(scalar(out, dest.get(i)));
  return copy;
}

function scalar(out: mupdf.PDFDocument, obj: mupdf.PDFObject): mupdf.PDFObject {
  if (obj.isName()) return out.newName(obj.asName());
  if (obj.isInteger()) return out.newInteger(obj.asNumber());
  if (obj.isNumber()) return out.newReal(obj.asNumber());
  return out.newNull();
}

/** Where a link or bookmark goes in the output: an explicit or named destination, or null when its page is gone. */
function mapDest(out: mupdf.PDFDocument, scope: Scope, dest: mupdf.PDFObject): mupdf.PDFObject | null {
  const key = nameKey(dest);
  if (key !== null) {
    const name = scope.names.get(key);
    return name === undefined ? null : out.newByteString(toBytes(name));
  }
  return explicitDest(out, scope, dest);
}

/** A bookmark's or link's target: { Dest } for a page in this file, { A: URI } for a web address; anything else (scripts,
 * launches, other files, form submission) is not carried over. */
function mapTarget(out: mupdf.PDFDocument, scope: Scope, holder: mupdf.PDFObject): { key: 'Dest' | 'A'; value: mupdf.PDFObject } | null {
  const dest = holder.get('Dest');
  if (!dest.isNull()) {
    const mapped = mapDest(out, scope, dest);
    return mapped ? { key: 'Dest', value: mapped } : null;
  }
  const action = holder.get('A');
  if (!action.isDictionary()) return null;
  const kind = action.get('S');
  if (kind.isName() && kind.asName() === 'GoTo') {
    const mapped = mapDest(out, scope, action.get('D'));
    return mapped ? { key: 'Dest', value: mapped } : null;
  }
  if (kind.isName() && kind.asName() === 'URI' && action.get('URI').isString()) {
    const uri = out.newDictionary();
    uri.put('S', out.newName('URI'));
    uri.put('URI', out.newByteString(action.get('URI').asByteString()));
    return { key: 'A', value: uri };
  }
  return null;
}

const LINK_KEYS = ['Rect', 'Border', 'BS', 'C', 'H', 'QuadPoints', 'F', 'Contents', 'NM'];

/** The link annotations of each kept page (of every copy of a page taken twice) whose target is still there. Other
 * annotations are left out, as graftPage leaves them. */
function copyLinks(out: mupdf.PDFDocument, scope: Scope): void {
  for (const { from, to } of scope.src.placed) {
    const annots = scope.src.doc.findPage(from).get('Annots');
    if (!annots.isArray()) continue;
    const page = out.findPage(to);
    const copies = out.newArray();
    for (let i = 0; i < annots.length && i < MAX_ITEMS; i++) {
      const annot = annots.get(i);
      if (!annot.isDictionary() || annot.get('Subtype').asName() !== 'Link') continue;
      const target = mapTarget(out, scope, annot);
      if (!target) continue;
      const link = out.newDictionary();
      link.put('Type', out.newName('Annot'));
      link.put('Subtype', out.newName('Link'));
      for (const key of LINK_KEYS) {
        const value = annot.get(key);
        if (!value.isNull()) link.put(key, scope.src.map.graftObject(value));
      }
      link.put(target.key, target.value);
      link.put('P', page);
      copies.push(out.addObject(link));
    }
    if (copies.length > 0) page.put('Annots', copies);
  }
}

interface Item {
  title: mupdf.PDFObject;
  dest?: mupdf.PDFObject;
  action?: mupdf.PDFObject;
  open: boolean;
  color?: mupdf.PDFObject;
  flags?: mupdf.PDFObject;
  kids: Item[];
}

/** A document's bookmarks with their targets in the output; a bookmark whose page is gone stays only for its kept children. */
function readOutline(out: mupdf.PDFDocument, scope: Scope): Item[] {
  const seen = new Set<number>();
  let count = 0;
  const level = (first: mupdf.PDFObject, depth: number): Item[] => {
    const items: Item[] = [];
    for (let node = first; node.isDictionary() && depth <= MAX_DEPTH && count < MAX_ITEMS; node = node.get('Next')) {
      if (!node.isIndirect() || seen.has(node.asIndirect())) break;
      seen.add(node.asIndirect());
      count++;
      const kids = level(node.get('First'), depth + 1);
      const target = mapTarget(out, scope, node);
      const title = node.get('Title');
      if (!target && kids.length === 0) continue;
      const count_ = node.get('Count');
      items.push({
        title: title.isString() ? out.newByteString(title.asByteString()) : out.newString(''),
        ...(target ? (target.key === 'Dest' ? { dest: target.value } : { action: target.value }) : {}),
        open: count_.isNumber() && count_.asNumber() > 0,
        color: node.get('C').isArray() ? scope.src.map.graftObject(node.get('C')) : undefined,
        flags: node.get('F').isInteger() ? out.newInteger(node.get('F').asNumber()) : undefined,
        kids,
      });
    }
    return items;
  };
  const first = dig(scope.src.doc.getTrailer(), 'Root', 'Outlines', 'First');
  return first ? level(first, 0) : [];
}

/** The visible descendants of an item when it is open (PDF 32000 table 153). */
const visible = (items: Item[]): number => items.reduce((n, item) => n + 1 + (item.open ? visible(item.kids) : 0), 0);

function writeOutline(out: mupdf.PDFDocument, items: Item[]): mupdf.PDFObject {
  const root = out.addObject(out.newDictionary());
  root.put('Type', out.newName('Outlines'));
  const link = (parent: mupdf.PDFObject, list: Item[]) => {
    const refs = list.map(() => out.addObject(out.newDictionary()));
    list.forEach((item, i) => {
      const ref = refs[i];
      ref.put('Title', item.title);
      ref.put('Parent', parent);
      if (i > 0) ref.put('Prev', refs[i - 1]);
      if (i + 1 < refs.length) ref.put('Next', refs[i + 1]);
      if (item.dest) ref.put('Dest', item.dest);
      if (item.action) ref.put('A', item.action);
      if (item.color) ref.put('C', item.color);
      if (item.flags) ref.put('F', item.flags);
      if (item.kids.length > 0) {
        link(ref, item.kids);
        const n = visible(item.kids);
        ref.put('Count', out.newInteger(item.open ? n : -n));
      }
    });
    parent.put('First', refs[0]);
    parent.put('Last', refs[refs.length - 1]);
  };
  link(root, items);
  root.put('Count', out.newInteger(visible(items)));
  return root;
}

/** The label ranges of a document: [first page index, label dictionary], sorted. */
function readLabels(doc: mupdf.PDFDocument): [number, mupdf.PDFObject][] {
  const ranges: [number, mupdf.PDFObject][] = [];
  const seen = new Set<number>();
  const walk = (node: mupdf.PDFObject, depth: number) => {
    if (depth > MAX_DEPTH || ranges.length > MAX_ITEMS || !node.isDictionary()) return;
    if (node.isIndirect()) {
      if (seen.has(node.asIndirect())) return;
      seen.add(node.asIndirect());
    }
    const nums = node.get('Nums');
    if (nums.isArray()) {
      for (let i = 0; i + 1 < nums.length; i += 2) if (nums.get(i).isInteger() && nums.get(i + 1).isDictionary()) ranges.push([nums.get(i).asNumber(), nums.get(i + 1)]);
    }
    const kids = node.get('Kids');
    if (kids.isArray()) for (let i = 0; i < kids.length; i++) walk(kids.get(i), depth + 1);
  };
  const tree = dig(doc.getTrailer(), 'Root', 'PageLabels');
  if (tree) walk(tree, 0);
  return ranges.sort((a, b) => a[0] - b[0]);
}

/** The output's page labels: each page keeps the label it had in its file (style, prefix and number), a file without
 * labels numbering its own pages 1, 2, 3... Null when no input has labels. */
function pageLabels(out: mupdf.PDFDocument, scopes: Scope[]): mupdf.PDFObject | null {
  const perSource = scopes.map((s) => readLabels(s.src.doc));
  if (perSource.every((r) => r.length === 0)) return null;
  const nums = out.newArray();
  scopes.forEach((scope, k) => {
    const ranges = perSource[k];
    let prev: { from: number; range: number } | null = null;
    for (const { from, to } of scope.src.placed) {
      let range = -1;
      for (let r = 0; r < ranges.length && ranges[r][0] <= from; r++) range = r;
      if (prev && prev.range === range && prev.from + 1 === from) {
        prev = { from, range };
        continue;
      }
      prev = { from, range };
      const label = out.newDictionary();
      if (range < 0) {
        label.put('S', out.newName('D'));
        label.put('St', out.newInteger(from + 1));
      } else {
        const [start, src] = ranges[range];
        const style = src.get('S');
        const prefix = src.get('P');
        const first = src.get('St').isInteger() ? src.get('St').asNumber() : 1;
        if (style.isName()) label.put('S', out.newName(style.asName()));
        if (prefix.isString()) label.put('P', out.newByteString(prefix.asByteString()));
        if (from - start + first !== 1) label.put('St', out.newInteger(from - start + first));
      }
      nums.push(out.newInteger(to));
      nums.push(label);
    }
  });
  const tree = out.newDictionary();
  tree.put('Nums', nums);
  return out.addObject(tree);
}
