// AssemblyScript sources compiled to WebAssembly by vite-plugin-kernels.mjs when imported with ?wasm.
declare module '*.as?wasm' {
  const bytes: Uint8Array;
  export default bytes;
}
