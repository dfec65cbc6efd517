/**
 * Countries and their states (the signup and profile city lists), from
 * country-state-city on the server so the browser never downloads the data.
 */
import type { FastifyInstance } from 'fastify';
import { Country, State } from 'country-state-city';
import { notFound } from '../../lib/errors.js';
import { envelope, errors, listOf } from '../../schemas/entities.js';

const countries = Country.getAllCountries().map((c) => ({ code: c.isoCode, name: c.name }));
const byName = new Map(countries.map((c) => [c.name.toLowerCase(), c.code]));
const cache = { control: 'public, max-age=86400' };

export async function geoRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/api/geo/countries',
    {
      schema: {
        response: { 200: envelope(listOf({ type: 'object', properties: { code: { type: 'string' }, name: { type: 'string' } } })) },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', cache.control);
      return { data: countries };
    },
  );

  app.get<{ Querystring: { country: string } }>(
    '/api/geo/cities',
    {
      schema: {
        querystring: { type: 'object', required: ['country'], properties: { country: { type: 'string', minLength: 1, maxLength: 100 } } },
        response: { 200: envelope(listOf({ type: 'string' })), ...errors(400, 404) },
      },
    },
    async (request, reply) => {
      const code = byName.get(request.query.country.toLowerCase()) ?? countries.find((c) => c.code === request.query.country)?.code;
      if (!code) throw notFound('That country');
      const states = State.getStatesOfCountry(code).map((s) => s.name);
      reply.header('Cache-Control', cache.control);
      // A few countries have no subdivisions in the data: offer the country itself.
      return { data: states.length ? states : [countries.find((c) => c.code === code)!.name] };
    },
  );
}
