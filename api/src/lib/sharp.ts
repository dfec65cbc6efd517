/**
 * sharp, loaded with the first image drawn or checked: its native library
 * takes a good part of a process's start, and most processes draw none.
 */
import { createRequire } from 'node:module';
import type SharpModule from 'sharp';

let loaded: typeof SharpModule | undefined;

export const sharp = ((...args: unknown[]) => {
  loaded ??= createRequire(import.meta.url)('sharp') as typeof SharpModule;
  return (loaded as unknown as (...a: unknown[]) => import('sharp').Sharp)(...args);
}) as unknown as typeof SharpModule;
