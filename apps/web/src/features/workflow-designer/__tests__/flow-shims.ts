// What React Flow needs from the browser that jsdom lacks (ResizeObserver is stubbed by the global
// setup). Installed by the designer's tests only, so other tests keep a plain jsdom.

/** React Flow reads the zoom of its viewport as DOMMatrixReadOnly(transform).m22. */
class DOMMatrixReadOnlyStub {
  readonly m22: number;
  constructor(transform?: string) {
    const scale = /scale\(([\d.]+)\)/.exec(transform ?? '');
    this.m22 = scale ? Number(scale[1]) : 1;
  }
}

export function installFlowShims(): void {
  if (!('DOMMatrixReadOnly' in window)) {
    Object.defineProperty(window, 'DOMMatrixReadOnly', {
      value: DOMMatrixReadOnlyStub,
      writable: true,
      configurable: true,
    });
  }
}
