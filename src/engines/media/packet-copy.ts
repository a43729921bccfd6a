import { EncodedPacketSink, type EncodedAudioPacketSource, type EncodedPacket, type InputAudioTrack } from 'mediabunny';

/** Where a source packet goes: written at time `at` (its own timestamp unless moved), skipped, or the copy ends. */
export type PacketPlace = { at: number } | 'skip' | 'end';

const asIs = (packet: EncodedPacket): PacketPlace => ({ at: packet.timestamp });

/**
 * A sound track's packets copied as they are into `source`, written up to a time on demand, so that a muxer
 * interleaving them with the pictures never holds more than one packet ahead. `place` moves or drops packets.
 */
export function soundPacketCopy(track: InputAudioTrack, source: EncodedAudioPacketSource, place: (packet: EncodedPacket) => PacketPlace = asIs) {
  const iterator = new EncodedPacketSink(track).packets();
  let pending: { packet: EncodedPacket; at: number } | null = null;
  let done = false;
  let first = true;
  let config: AudioDecoderConfig | null | undefined;
  return {
    async until(time: number) {
      config ??= await track.getDecoderConfig();
      while (!done) {
        if (!pending) {
          const next = await iterator.next();
          const where = next.done ? 'end' : place(next.value);
          if (where === 'end') {
            done = true;
            break;
          }
          if (where === 'skip') continue;
          pending = { packet: next.value!, at: where.at };
        }
        if (pending.at > time) break;
        const { packet, at } = pending;
        await source.add(at === packet.timestamp ? packet : packet.clone({ timestamp: at }), first && config ? { decoderConfig: config } : undefined);
        first = false;
        pending = null;
      }
      if (done) await iterator.return(undefined);
    },
  };
}
