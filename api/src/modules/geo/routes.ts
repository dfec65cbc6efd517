/**
 * Countries and their states (the signup and profile city lists), from
 * country-state-city on the server so the browser never downloads the data.
 */
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../lib/errors.js';
import { CountryContract } from '@ministry/shared/contracts';
import { answerSchema, envelope, errors, listOf } from '../../schemas/entities.js';
import { allCountries, citiesOf, findCountry } from './places.js';

const cache = { control: 'public, max-age=86400' };

export async function geoRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/countries',
    {
      schema: {
        response: {
          200: envelope(listOf(answerSchema(CountryContract))),
        },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', cache.control);
      return { data: allCountries() };
    },
  );

  app.get<{ Querystring: { country: string } }>(
    '/cities',
    {
      schema: {
        querystring: {
          type: 'object',
          required: ['country'],
          properties: { country: { type: 'string', minLength: 1, maxLength: 100 } },
        },
        response: { 200: envelope(listOf({ type: 'string' })), ...errors(400, 404) },
      },
    },
    async (request, reply) => {
      const country = findCountry(request.query.country);
      if (!country) throw notFound('That country');
      reply.header('Cache-Control', cache.control);
      // A few countries have no subdivisions in the data: the country itself is offered.
      return { data: citiesOf(country) };
    },
  );
}
