// The classic-script build (import-widget.classic.js): the API defaults to the origin of this <script>'s src.
import { defineImportWidget } from './element';

defineImportWidget(document.currentScript instanceof HTMLScriptElement ? document.currentScript.src : undefined);
