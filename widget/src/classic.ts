// The classic-script build (import-widget.classic.js): the API defaults to the origin of this <script>'s
// src. A classic script cannot import: the correction step is a second classic script next to this one
// (import-widget-corrections.classic.js, built by widget/build.ts with its integrity hash baked in here),
// added as a <script> element when first needed; it leaves its exports on a global.
import type { CorrectionsChunk } from './context';
import { defineImportWidget } from './element';

declare const CORRECTIONS_CLASSIC: { file: string; integrity: string; global: string };

const src = document.currentScript instanceof HTMLScriptElement ? document.currentScript.src : undefined;
let loading: Promise<CorrectionsChunk> | undefined;

function loadCorrections(): Promise<CorrectionsChunk> {
  loading ??= new Promise<CorrectionsChunk>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = new URL(CORRECTIONS_CLASSIC.file, src ?? location.href).href;
    script.integrity = CORRECTIONS_CLASSIC.integrity;
    script.crossOrigin = 'anonymous';
    script.onload = () => resolve((globalThis as unknown as Record<string, CorrectionsChunk>)[CORRECTIONS_CLASSIC.global]);
    script.onerror = () => {
      loading = undefined;
      script.remove();
      reject(new Error(`${CORRECTIONS_CLASSIC.file} did not load`));
    };
    document.head.append(script);
  });
  return loading;
}

defineImportWidget(src, loadCorrections);
