import { describe, expect, it } from 'vitest';
import { endpointPath } from '../../src/domain/contract/endpoint.js';

describe('endpointPath', () => {
  it('fills each parameter of an entry’s path, encoded', () => {
    expect(endpointPath('/tour-pricing/:tourId/:seasonId', { tourId: 12, seasonId: 'a/b c' })).toBe('/tour-pricing/12/a%2Fb%20c');
  });

  it('refuses to build an address with a parameter missing', () => {
    expect(() => endpointPath('/tour-pricing/:tourId/:seasonId', { tourId: 12 })).toThrow('needs the parameter seasonId');
  });
});
