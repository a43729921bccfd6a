/** The bytes of an ArrayBuffer or a view of one (a decoder config's description, say), as a view: never copied. */
export const bytesOf = (source: AllowSharedBufferSource): Uint8Array =>
  ArrayBuffer.isView(source) ? new Uint8Array(source.buffer, source.byteOffset, source.byteLength) : new Uint8Array(source);
