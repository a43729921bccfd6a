// GIF metadata: comment extensions, XMP and ICC application extensions ("XMP DataXMP", "ICCRGBG1012"). Image data,
// graphic control and the NETSCAPE2.0 loop are copied as they are; only whole extension blocks go.
import { concat, emptyBlocks, latin1, startsWith, type MetadataBlocks, type StripResult, type StripSettings } from './blocks';
import { editXmpBytes } from './xmp';

export class GifStructureError extends Error {}

interface Block {
  start: number;
  end: number;
  kind?: 'xmp' | 'comment' | 'icc';
  /** XMP: its raw bytes (the packet, then GIF's 258-byte "magic trailer"), from `dataAt` to the block's terminator. */
  dataAt?: number;
}

/** The end of a run of sub-blocks starting at `at` (after its 0 terminator). */
function subBlocksEnd(bytes: Uint8Array, at: number): number {
  while (at < bytes.length && bytes[at] !== 0) at += bytes[at] + 1;
  if (at >= bytes.length) throw new GifStructureError('GIF truncated');
  return at + 1;
}

function subBlocksData(bytes: Uint8Array, at: number, end: number): Uint8Array {
  const parts: Uint8Array[] = [];
  while (at < end - 1) {
    parts.push(bytes.subarray(at + 1, at + 1 + bytes[at]));
    at += bytes[at] + 1;
  }
  return concat(parts);
}

function gifStructure(bytes: Uint8Array): { head: number; blocks: Block[] } {
  if (!startsWith(bytes, 0, 'GIF8') || bytes.length < 13) throw new GifStructureError('GIF truncated');
  let at = 13 + (bytes[10] & 0x80 ? 3 * (1 << ((bytes[10] & 7) + 1)) : 0);
  const head = at;
  const blocks: Block[] = [];
  for (;;) {
    if (at >= bytes.length) throw new GifStructureError('GIF truncated');
    const start = at;
    if (bytes[at] === 0x3b) {
      blocks.push({ start, end: at + 1 });
      return { head, blocks };
    }
    if (bytes[at] === 0x21) {
      const label = bytes[at + 1];
      const end = subBlocksEnd(bytes, at + 2);
      const app = label === 0xff && bytes[at + 2] === 11;
      if (label === 0xfe) blocks.push({ start, end, kind: 'comment' });
      else if (app && startsWith(bytes, at + 3, 'XMP DataXMP')) blocks.push({ start, end, kind: 'xmp', dataAt: at + 14 });
      else if (app && startsWith(bytes, at + 3, 'ICCRGBG1012')) blocks.push({ start, end, kind: 'icc' });
      else blocks.push({ start, end });
      at = end;
    } else if (bytes[at] === 0x2c) {
      at += 10 + (bytes[at + 9] & 0x80 ? 3 * (1 << ((bytes[at + 9] & 7) + 1)) : 0) + 1;
      at = subBlocksEnd(bytes, at);
      blocks.push({ start, end: at });
    } else throw new GifStructureError('GIF block expected');
  }
}

/** XMP's packet without the magic trailer: up to the end of "<?xpacket end=...?>" (or all of it). */
function xmpPacket(raw: Uint8Array): Uint8Array {
  const text = latin1(raw);
  const endTag = text.lastIndexOf('<?xpacket end');
  const close = endTag >= 0 ? text.indexOf('?>', endTag) : -1;
  return close >= 0 ? raw.subarray(0, close + 2) : raw;
}

export function gifBlocks(bytes: Uint8Array): MetadataBlocks {
  const out = emptyBlocks();
  for (const b of gifStructure(bytes).blocks) {
    if (b.kind === 'comment') out.comments.push(new TextDecoder().decode(subBlocksData(bytes, b.start + 2, b.end)));
    else if (b.kind === 'xmp') out.xmp.push(xmpPacket(bytes.subarray(b.dataAt!, b.end - 1)));
    else if (b.kind === 'icc') out.icc = subBlocksData(bytes, b.start + 14, b.end);
  }
  return out;
}

export function stripGif(bytes: Uint8Array, settings: StripSettings): StripResult {
  const { head, blocks } = gifStructure(bytes);
  const removed = new Set<StripResult['removed'][number]>();
  const parts: Uint8Array[] = [bytes.subarray(0, head)];
  for (const b of blocks) {
    const whole = bytes.subarray(b.start, b.end);
    if (!b.kind || (b.kind === 'icc' && (settings.mode === 'location' || settings.keepIcc))) parts.push(whole);
    else if (settings.mode === 'all') removed.add(b.kind);
    else if (b.kind === 'xmp') {
      const raw = bytes.subarray(b.dataAt!, b.end - 1);
      const packet = xmpPacket(raw);
      const edited = editXmpBytes(packet);
      if (edited) {
        removed.add('gps');
        // The trailer after the packet keeps any GIF reader's sub-block walk landing on the terminator.
        parts.push(bytes.subarray(b.start, b.dataAt), edited, raw.subarray(packet.length), new Uint8Array([0]));
      } else parts.push(whole);
    } else parts.push(whole);
  }
  return { bytes: concat(parts), removed: [...removed] };
}
