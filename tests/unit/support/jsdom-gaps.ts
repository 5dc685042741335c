/**
 * What jsdom lacks and the app's Radix primitives call (pointer capture on swipe/press,
 * scrollIntoView on focus moves). Imported by render-app.tsx; harmless when present.
 */
const proto = Element.prototype as Element & {
  hasPointerCapture?: (id: number) => boolean;
  setPointerCapture?: (id: number) => void;
  releasePointerCapture?: (id: number) => void;
  scrollIntoView?: (arg?: boolean | ScrollIntoViewOptions) => void;
};
proto.hasPointerCapture ??= () => false;
proto.setPointerCapture ??= () => {};
proto.releasePointerCapture ??= () => {};
proto.scrollIntoView ??= () => {};

export {};
