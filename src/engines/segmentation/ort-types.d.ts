// onnxruntime-web 1.21 ships its types in types.d.ts but its package.json "exports" does not point to them.
declare module 'onnxruntime-web/wasm' {
  export * from 'onnxruntime-common';
}
declare module 'onnxruntime-web/webgpu' {
  export * from 'onnxruntime-common';
}
