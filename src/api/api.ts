import type { Endpoint } from '../domain/contract/endpoint';
import { contract } from '../domain/contract/contract';
import { api as untypedApi } from './api-client';
import { callersOf } from './call-endpoint';

type Contract = typeof contract;
const areas = Object.fromEntries(Object.entries(contract).map(([name, area]) => [name, callersOf(area as Record<string, Endpoint>)])) as {
  [Area in keyof Contract]: ReturnType<typeof callersOf<Contract[Area]>>;
};

/**
 * The typed client: one group of calls per contract area (`api.tourPricing.save({ params, body })`).
 * Areas not yet in the contract are still called by path through get/put/post/delete.
 */
export const api = { ...untypedApi, ...areas };
