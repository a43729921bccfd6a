// How many frames a GIF holds, read from its block structure (no pixel decoding): an animated GIF has more than one.

/** The number of image descriptors in a GIF; 0 when the bytes are not a readable GIF. */
export function gifFrameCount(bytes: Uint8Array): number {
  if (bytes.length < 13 || String.fromCharCode(...bytes.subarray(0, 3)) !== 'GIF') return 0;
  let at = 13;
  const packed = bytes[10];
  if (packed & 0x80) at += 3 * (1 << ((packed & 7) + 1));
  const skipSubBlocks = () => {
    while (at < bytes.length && bytes[at] !== 0) at += bytes[at] + 1;
    at++;
  };
  let frames = 0;
  while (at < bytes.length) {
    const block = bytes[at];
    if (block === 0x3b) break;
    if (block === 0x21) {
      at += 2;
      skipSubBlocks();
    } else if (block === 0x2c) {
      frames++;
      const local = bytes[at + 9];
      at += 10;
      if (local & 0x80) at += 3 * (1 << ((local & 7) + 1));
      at++; // LZW minimum code size
      skipSubBlocks();
    } else break;
  }
  return frames;
}
