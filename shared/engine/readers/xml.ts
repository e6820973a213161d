// Streaming XML for the XLSX parts: saxes (a conforming SAX parser that never expands custom
// entities, so no billion-laughs or external entities) fed chunk by chunk as a part inflates.
import { SaxesParser } from 'saxes';
import { unreadable } from './problems';

/** Attributes of one element; saxes builds them with Object.create(null), so any name is safe. */
export type XmlAttributes = Record<string, string>;

export interface XmlHandlers {
  /** `name` is the local name: some writers prefix SpreadsheetML elements (`<x:row>`). */
  open(name: string, attributes: XmlAttributes): void;
  close(name: string): void;
  text(text: string): void;
}

export interface XmlStream {
  write(chunk: string): void;
  end(): void;
}

// saxes holds a whole token (a text node, an attribute value, a comment) until it ends, so one
// token could be as large as the part. No part of a real workbook has a token near this size.
const MAX_TOKEN_CHARS = 8 * 1024 * 1024;

export function xmlStream(part: string, handlers: XmlHandlers): XmlStream {
  // Without position tracking saxes is markedly faster; the part name is enough for a damaged file.
  const parser = new SaxesParser<{ xmlns: false; position: false }>({ xmlns: false, position: false });
  // Characters written since the last event (counted per chunk, so at most one chunk short).
  let sinceEvent = 0;
  let sawEvent = false;
  parser.on('error', (error) => {
    throw unreadable(`The XLSX file is damaged: ${part} is not well-formed XML (${error.message}).`);
  });
  parser.on('opentag', (tag) => {
    sawEvent = true;
    handlers.open(localName(tag.name), tag.attributes);
  });
  parser.on('closetag', (tag) => {
    sawEvent = true;
    handlers.close(localName(tag.name));
  });
  parser.on('text', (text) => {
    sawEvent = true;
    handlers.text(text);
  });
  parser.on('cdata', (text) => {
    sawEvent = true;
    handlers.text(text);
  });
  return {
    write(chunk) {
      sawEvent = false;
      parser.write(chunk);
      sinceEvent = sawEvent ? 0 : sinceEvent + chunk.length;
      if (sinceEvent > MAX_TOKEN_CHARS) {
        throw unreadable(`The XLSX file cannot be read: ${part} holds a single value of millions of characters.`);
      }
    },
    end: () => void parser.close(),
  };
}

/** Feed a whole part through the handlers (for the small parts read before the sheet). */
export async function parseXml(part: string, chunks: AsyncIterable<string>, handlers: XmlHandlers): Promise<void> {
  const stream = xmlStream(part, handlers);
  for await (const chunk of chunks) stream.write(chunk);
  stream.end();
}

function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon === -1 ? name : name.slice(colon + 1);
}

/**
 * Undo OOXML's escaping of characters XML cannot carry: `_x000D_` is a carriage return, and a
 * literal `_x` sequence is itself written `_x005F_x…`, which one left-to-right pass restores.
 */
export function unescapeOoxml(text: string): string {
  if (!text.includes('_x')) return text;
  return text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The attribute whose local name is `local` whatever its prefix (`r:id` is bound to a namespace). */
export function prefixedAttribute(attributes: XmlAttributes, local: string): string | undefined {
  for (const name in attributes) {
    if (name.endsWith(`:${local}`)) return attributes[name];
  }
  return undefined;
}
