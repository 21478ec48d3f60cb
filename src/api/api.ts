import type { Endpoint } from '../domain/contract/endpoint';
import { contract } from '../domain/contract/contract';
import { currencySeasonRateEndpoint, referenceEndpoints } from '../domain/contract/reference';
import type { ReferenceKey } from '../domain/reference/reference-resources';
import { callEndpoint, callersOf } from './call-endpoint';

type Contract = typeof contract;
const areas = Object.fromEntries(Object.entries(contract).map(([name, area]) => [name, callersOf(area as Record<string, Endpoint>)])) as {
  [Area in keyof Contract]: ReturnType<typeof callersOf<Contract[Area]>>;
};

const referenceCallsOf = (key: ReferenceKey) => callersOf(referenceEndpoints(key));
const referenceCalls = new Map<ReferenceKey, ReturnType<typeof referenceCallsOf>>();
/** The calls of one reference resource, built from the registry-driven endpoint factory once. */
function reference(key: ReferenceKey) {
  const calls = referenceCalls.get(key) ?? referenceCallsOf(key);
  referenceCalls.set(key, calls);
  return calls;
}

/**
 * The typed client: one group of calls per contract area (`api.tourPricing.save({ params, body })`),
 * and `api.reference('bikes').save(...)` for reference data. Every call goes through an entry of
 * the endpoint table: there is no call by a path written here.
 */
export const api = {
  ...areas,
  reference,
  currencySeasonRate: (args: Parameters<typeof callEndpoint<typeof currencySeasonRateEndpoint>>[1]) => callEndpoint(currencySeasonRateEndpoint, args),
};
