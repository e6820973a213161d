#!/usr/bin/env node
// Admin CLI entry (package bin). The CLI is TypeScript; tsx compiles it on the fly.
import { register } from 'tsx/esm/api';

register();
await import('../scripts/importctl.ts');
