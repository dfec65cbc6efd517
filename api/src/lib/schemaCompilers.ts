/**
 * Fastify's own schema compilers (ajv for what comes in,
 * fast-json-stringify for what goes out), with what they compile kept for
 * the whole process: an app built again in the same process (the tests
 * build one per suite) reuses the compiled checks of every route instead of
 * compiling them all again, which was most of building an app.
 * A schema is known by its JSON (routes declare theirs inline, so each app
 * has new objects with the same content) and by the compiler's options.
 */
import AjvCompiler from '@fastify/ajv-compiler';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type Factories = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
type Compile = (route: { schema: unknown; httpPart?: string; httpStatus?: string; contentType?: string }) => unknown;

const validators = AjvCompiler() as unknown as (externalSchemas: unknown, options: unknown) => Compile;
const serializers = SerializerSelector() as unknown as (externalSchemas: unknown, options: unknown) => Compile;
const compiled = new Map<string, unknown>();

/** A compiler from `pool` for these shared schemas and options, remembering each route schema's result. */
function remembered(kind: string, pool: (externalSchemas: unknown, options: unknown) => Compile) {
  return (externalSchemas: unknown, options: unknown): Compile => {
    const compile = pool(externalSchemas, options);
    const prefix = JSON.stringify([kind, externalSchemas, options]);
    return (route) => {
      const key = prefix + JSON.stringify([route.httpPart ?? route.httpStatus ?? '', route.contentType ?? '', route.schema]);
      let result = compiled.get(key);
      if (result === undefined) compiled.set(key, (result = compile(route)));
      return result;
    };
  };
}

export const sharedCompilers: Factories = {
  buildValidator: remembered('validator', validators) as unknown as Factories['buildValidator'],
  buildSerializer: remembered('serializer', serializers) as unknown as Factories['buildSerializer'],
};
