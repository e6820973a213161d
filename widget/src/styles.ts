// The widget's look: base styles written once against CSS custom properties (--iw-*), and the
// organization's branding turned into those properties on :host. Values are checked again here (the
// API validates them too), so a branding value can never leave its declaration.
import type { Branding } from './api';
import { DEFAULT_THEME } from '../../shared/domain/branding-theme';

const HEX = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
const FONT = /^[A-Za-z0-9 ,'"._-]{1,200}$/;

/** What a branding value falls back to when it is missing or unusable: the service's default theme. */
export const DEFAULTS = DEFAULT_THEME;

const FONT_SIZES: Record<string, string> = { small: '14px', medium: '16px', large: '18px' };
const RADII: Record<string, string> = { none: '0px', small: '4px', medium: '8px', large: '12px', full: '9999px' };
export const BUTTON_STYLES = ['filled', 'outline', 'ghost'];
export const HEADER_STYLES = ['default', 'centered', 'minimal'];

const color = (value: string | undefined, fallback: string) => (value && HEX.test(value) ? value : fallback);
const font = (value: string | undefined, fallback: string) => (value && FONT.test(value) ? value : fallback);

/** Black or white, whichever reads better on `hex` (WCAG relative luminance). */
export function onColor(hex: string): string {
  const full = hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex;
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(full.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return (luminance + 0.05) / 0.05 > 1.05 / (luminance + 0.05) ? '#111827' : '#FFFFFF';
}

export function brandingCss(branding: Partial<Branding>): string {
  const primary = color(branding.primaryColor, DEFAULTS.primaryColor);
  const accent = color(branding.accentColor, DEFAULTS.accentColor);
  const error = color(branding.errorColor, DEFAULTS.errorColor);
  const body = font(branding.fontFamily, DEFAULTS.fontFamily);
  const vars: Record<string, string> = {
    '--iw-primary': primary,
    '--iw-on-primary': onColor(primary),
    '--iw-secondary': color(branding.secondaryColor, DEFAULTS.secondaryColor),
    '--iw-accent': accent,
    '--iw-on-accent': onColor(accent),
    '--iw-background': color(branding.backgroundColor, DEFAULTS.backgroundColor),
    '--iw-text': color(branding.textColor, DEFAULTS.textColor),
    '--iw-border': color(branding.borderColor, DEFAULTS.borderColor),
    '--iw-error': error,
    '--iw-on-error': onColor(error),
    '--iw-success': color(branding.successColor, DEFAULTS.successColor),
    '--iw-font': body,
    '--iw-heading-font': font(branding.headingFontFamily, body),
    '--iw-font-size': FONT_SIZES[branding.fontSize ?? ''] ?? FONT_SIZES.medium,
    '--iw-radius': RADII[branding.borderRadius ?? ''] ?? RADII.medium,
  };
  return `:host{${Object.entries(vars).map(([name, value]) => `${name}:${value}`).join(';')}}`;
}

export const BASE_CSS = `
:host{display:block;color-scheme:light;--iw-warning:#F59E0B;--iw-on-warning:#111827;--iw-info:#2563EB;--iw-on-info:#FFFFFF}
:host([hidden]),[hidden]{display:none!important}
*,*::before,*::after{box-sizing:border-box}
.iw{font-family:var(--iw-font);font-size:var(--iw-font-size);line-height:1.5;color:var(--iw-text);background:var(--iw-background);
 border:1px solid var(--iw-border);border-radius:min(var(--iw-radius),16px);overflow:hidden}
.iw-header{display:flex;align-items:center;gap:.75em;padding:.9em 1.25em;border-bottom:1px solid var(--iw-border);
 font-family:var(--iw-heading-font);color:var(--iw-text);background:var(--iw-background)}
.iw-header[data-style=centered]{flex-direction:column;justify-content:center;text-align:center}
.iw-header[data-style=minimal]{border-bottom:0;padding-bottom:0}
.iw-logo{max-height:2.5em;max-width:10em;object-fit:contain}
.iw-title{margin:0;font-weight:600;font-size:1.05em}
.iw-body{padding:1.25em}
h2,h3{font-family:var(--iw-heading-font);line-height:1.25;margin:0 0 .6em}
h2{font-size:1.35em}h3{font-size:1.1em;margin-top:1.2em}
h2:focus{outline:none}
p{margin:0 0 .9em}
.iw-pre{white-space:pre-line}
.iw-hint{font-size:.875em}
.iw>.iw-hint{margin:0;padding:0 1.43em 1.1em}.iw>.iw-hint:empty{display:none}
.iw-btn{font:inherit;font-weight:600;padding:.55em 1.15em;border-radius:var(--iw-radius);border:2px solid transparent;cursor:pointer;
 line-height:1.3;min-height:2.5em}
.iw-btn:disabled{opacity:.6;cursor:default}
.iw-primary{background:var(--iw-primary);color:var(--iw-on-primary);border-color:var(--iw-primary)}
.iw[data-button=outline] .iw-primary{background:transparent;color:var(--iw-primary)}
.iw[data-button=ghost] .iw-primary{background:transparent;border-color:transparent;color:var(--iw-primary);text-decoration:underline}
.iw-secondary{background:transparent;color:var(--iw-text);border:1px solid var(--iw-secondary)}
:focus-visible{outline:3px solid var(--iw-primary);outline-offset:2px}
.iw-actions{display:flex;flex-wrap:wrap;gap:.6em;margin-top:1.2em}
.iw-drop{border:2px dashed var(--iw-secondary);border-radius:min(var(--iw-radius),16px);padding:2em 1em;text-align:center}
.iw-drop[data-over]{background:color-mix(in srgb,var(--iw-secondary) 10%,var(--iw-background))}
.iw-drop p{margin:0 0 .6em}
.iw-bar{height:.75em;border:1px solid var(--iw-secondary);border-radius:var(--iw-radius);overflow:hidden;margin:.6em 0}
.iw-bar>div{height:100%;background:var(--iw-primary);width:0;transition:width .2s}
.iw-bar[data-indeterminate]>div{width:35%;animation:iw-slide 1.2s ease-in-out infinite}
@keyframes iw-slide{from{transform:translateX(-100%)}to{transform:translateX(300%)}}
@media (prefers-reduced-motion:reduce){.iw-bar>div{transition:none}.iw-bar[data-indeterminate]>div{animation:none;width:100%;opacity:.5}}
.iw-alert{border-left:4px solid var(--iw-error);padding:.5em .9em;margin:.8em 0;background:color-mix(in srgb,var(--iw-error) 7%,var(--iw-background))}
.iw-alert:empty{display:none}
.iw-alert ul{margin:0;padding-left:1.1em}
.iw-ok{border-left-color:var(--iw-success);background:color-mix(in srgb,var(--iw-success) 8%,var(--iw-background))}
.iw-cols{margin:0 0 1em;padding-left:1.2em}
.iw-tag{display:inline-block;font-size:.8em;padding:0 .5em;border-radius:var(--iw-radius);background:var(--iw-accent);
 color:var(--iw-on-accent);margin-left:.4em;font-weight:600}
table{width:100%;border-collapse:collapse;table-layout:fixed;margin:.4em 0}
th,td{text-align:left;vertical-align:top;padding:.45em .5em;border-bottom:1px solid var(--iw-border);overflow-wrap:anywhere}
thead th{font-size:.875em}
select{font:inherit;color:var(--iw-text);background:var(--iw-background);width:100%;padding:.35em .4em;
 border:1px solid color-mix(in srgb,var(--iw-text) 55%,var(--iw-background));border-radius:min(var(--iw-radius),12px)}
select[aria-invalid=true]{border:2px solid var(--iw-error)}
label{font-weight:600}
.iw-sheet{margin:0 0 1em;max-width:24em}
fieldset{border:0;margin:0;padding:0;min-width:0}legend{font-weight:600;padding:0;margin:0 0 .3em}
.iw-hrows{margin:0 0 1em;border:1px solid var(--iw-border);border-radius:min(var(--iw-radius),8px);padding:.4em .75em}
.iw-hrows summary{cursor:pointer;font-weight:600;padding:.2em 0}
.iw-hrows fieldset{margin:.4em 0 .2em}.iw-hrows .iw-hint{margin:0 0 .5em}
.iw-hrow-list{max-height:14em;overflow:auto;padding:4px 2px}
.iw-hrow{display:flex;align-items:center;gap:.65em;padding:.15em .3em;border-radius:min(var(--iw-radius),6px)}
.iw-hrow:has(input:checked){background:color-mix(in srgb,var(--iw-primary) 10%,var(--iw-background))}
.iw-hrow label{display:flex;gap:.75em;min-width:0;font-weight:400;cursor:pointer;flex:1}
.iw-hrow-n{flex:none;min-width:4.5em;font-weight:600}.iw-hrow-cells{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.iw-formats{margin:1em 0 0}.iw-formats .iw-hint{margin:0 0 .6em}
.iw-format{margin:0 0 .8em}.iw-choice{display:flex;align-items:center;gap:.65em;min-height:2em}
.iw-choice label{font-weight:400;cursor:pointer}
input[type=radio]{width:1.1em;height:1.1em;margin:0;accent-color:var(--iw-primary)}
.iw-conf{display:block;font-size:.8em;margin-top:.2em}
.iw-samples{font-size:.875em}
.iw-counts{display:grid;grid-template-columns:repeat(auto-fit,minmax(8em,1fr));gap:.6em;margin:1em 0}
.iw-counts div{border:1px solid var(--iw-border);border-radius:min(var(--iw-radius),12px);padding:.5em .75em}
.iw-counts dt{font-size:.8em}.iw-counts dd{margin:0;font-size:1.4em;font-weight:700}
.iw-pager{display:flex;align-items:center;gap:.75em;flex-wrap:wrap}
.iw-footer{padding:.5em 1.25em;font-size:.75em;text-align:right;border-top:1px solid var(--iw-border)}
.iw-tools{display:flex;flex-wrap:wrap;align-items:flex-end;gap:.6em;margin:0 0 .8em}
.iw-field{display:flex;flex-direction:column;gap:.2em;min-width:10em}
.iw-field label{font-size:.875em}.iw-tools select,.iw-tools input[type=text]{min-height:2.5em}
.iw-check{display:flex;align-items:center;gap:.35em;min-height:2.5em}.iw-check label{font-weight:400}
input[type=text],.iw-edit{font:inherit;color:var(--iw-text);background:var(--iw-background);padding:.35em .4em;
 border:1px solid color-mix(in srgb,var(--iw-text) 55%,var(--iw-background));border-radius:min(var(--iw-radius),12px)}
.iw-replace{margin:0 0 .8em}.iw-replace summary{cursor:pointer;font-weight:600;padding:.3em 0}
.iw-replace .iw-tools{margin:.4em 0 .2em}
.iw-gscroll{position:relative;overflow:auto;height:22em;max-height:60vh;border:1px solid var(--iw-border);border-radius:min(var(--iw-radius),8px)}
.iw-grid{width:max-content;min-width:100%}
.iw-grow{display:grid;height:2.5em;width:100%;border-bottom:1px solid var(--iw-border);background:var(--iw-background)}
.iw-gheadgroup{position:sticky;top:0;z-index:4}
.iw-ghead{font-weight:600;background:color-mix(in srgb,var(--iw-text) 6%,var(--iw-background))}
.iw-ghead .iw-cell{font-size:.875em}
.iw-gbody{position:relative}.iw-gbody .iw-grow{position:absolute;left:0}
.iw-grow[aria-selected=true]{background:color-mix(in srgb,var(--iw-primary) 10%,var(--iw-background))}
.iw-cell{position:relative;display:flex;align-items:center;gap:.3em;padding:0 .5em;min-width:0;border-right:1px solid var(--iw-border)}
.iw-cell:focus,.iw-cell:focus-visible,.iw-cell input:focus-visible{outline:3px solid var(--iw-primary);outline-offset:-3px}
.iw-cell:hover,.iw-cell:focus,.iw-cell:focus-within{z-index:3}
.iw-val{overflow:hidden;text-overflow:ellipsis;white-space:nowrap;flex:1}
.iw-bad{background:color-mix(in srgb,var(--iw-error) 12%,var(--iw-background));box-shadow:inset 3px 0 var(--iw-error)}
.iw-icon{flex:none;display:inline-grid;place-items:center;width:1.2em;height:1.2em;border-radius:50%;font-size:.8em;font-weight:700;
 background:var(--iw-error);color:var(--iw-on-error)}
.iw-tip{display:none;position:absolute;left:0;bottom:100%;z-index:3;width:max-content;max-width:26em;padding:.3em .5em;font-size:.875em;
 white-space:normal;color:var(--iw-text);background:var(--iw-background);border:1px solid var(--iw-error);border-radius:min(var(--iw-radius),6px);
 box-shadow:0 2px 6px rgb(0 0 0/.15)}
.iw-cell:hover .iw-tip,.iw-cell:focus .iw-tip{display:block}
.iw-warn{background:color-mix(in srgb,var(--iw-warning) 14%,var(--iw-background));box-shadow:inset 3px 0 var(--iw-warning)}
.iw-info{background:color-mix(in srgb,var(--iw-info) 8%,var(--iw-background));box-shadow:inset 3px 0 var(--iw-info)}
.iw-warn .iw-tip{border-color:var(--iw-warning)}.iw-info .iw-tip{border-color:var(--iw-info)}
.iw-icon-warning{border-radius:0;width:1.5em;height:1.35em;padding-top:.3em;clip-path:polygon(50% 0,100% 100%,0 100%);background:var(--iw-warning);color:var(--iw-on-warning)}
.iw-icon-info{font-family:Georgia,serif;background:var(--iw-info);color:var(--iw-on-info)}
.iw-notes{margin:.5em 0 0;min-height:2.5em}.iw-notes .iw-hint{margin:0;padding:.4em 0}
.iw-notes-cell{margin:0 0 .2em;font-size:.875em;font-weight:600}
.iw-notes ul{list-style:none;margin:0;padding:0}
.iw-note{display:flex;flex-wrap:wrap;align-items:center;gap:.3em .6em;padding:.3em .6em;margin:0 0 .3em;border-radius:min(var(--iw-radius),6px);
 border-left:3px solid var(--iw-error);background:color-mix(in srgb,var(--iw-error) 7%,var(--iw-background))}
.iw-note-warning{border-left-color:var(--iw-warning);background:color-mix(in srgb,var(--iw-warning) 10%,var(--iw-background))}
.iw-note-info{border-left-color:var(--iw-info);background:color-mix(in srgb,var(--iw-info) 6%,var(--iw-background))}
.iw-note .iw-icon{font-size:.875em}.iw-note-text{flex:1 1 12em}
.iw-sugg{font-size:.875em}
.iw-apply{min-height:2em;padding:.2em .8em;font-size:.875em;background:var(--iw-background)}
.iw-cell:last-child .iw-tip{left:auto;right:0}
.iw-gempty{position:absolute;left:0;right:0;top:2.5em;margin:0;padding:.5em;text-align:center;font-size:.875em}
.iw-edit{position:absolute;inset:2px;width:calc(100% - 4px);z-index:2}
.iw-sr{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
`;
