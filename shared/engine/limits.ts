// Default limits of one import (documented in docs/imports.md); deployed stages may override the
// file size and row count through configuration.
import type { EngineLimits } from './types';

export const DEFAULT_LIMITS: EngineLimits = {
  maxFileBytes: 100 * 1024 * 1024,
  maxRows: 1_000_000,
  // Excel's own limit for one cell.
  maxCellChars: 32_767,
  maxColumns: 2_000,
  maxDecompressedBytes: 1024 * 1024 * 1024,
  maxCompressionRatio: 200,
  xlsMaxMemoryMb: 1024,
  xlsTimeoutMs: 120_000,
};

/** Rows per batch handed from a reader to the engine: memory is bounded by this, never by the file. */
export const BATCH_ROWS = 1000;
