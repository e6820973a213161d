// The ES module build (import-widget.js): the API defaults to the origin this module was loaded from.
// The correction step is a chunk of its own (esbuild code splitting), imported next to this module.
import { defineImportWidget } from './element';

defineImportWidget(import.meta.url, () => import('./steps/corrections'));
