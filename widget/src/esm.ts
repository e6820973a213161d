// The ES module build (import-widget.js): the API defaults to the origin this module was loaded from.
import { defineImportWidget } from './element';

defineImportWidget(import.meta.url);
