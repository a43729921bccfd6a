/** A codec's wasm (or its glue code) could not be fetched or compiled: the engine is missing, not the image. */
export class EngineLoadError extends Error {
  constructor(
    readonly engine: string,
    cause: unknown,
  ) {
    super(`${engine} could not be loaded: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'EngineLoadError';
  }
}
