import { randomUUID } from 'node:crypto';

export const newId = (): string => randomUUID();

/** Ids are UUIDs; anything else in a path is a bad request, not a lookup. */
export const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
export const isUuid = (value: string): boolean => new RegExp(UUID_PATTERN).test(value);

/** A JSON schema for an id in a path. */
export const idParam = { type: 'string', pattern: UUID_PATTERN } as const;

export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120);
}
