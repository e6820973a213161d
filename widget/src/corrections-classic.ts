// The correction step's chunk for the classic build (import-widget-corrections.classic.js): an IIFE that
// leaves these exports on the global widget/build.ts names, for classic.ts's loader to pick up.
export { showCorrections } from './steps/corrections';
