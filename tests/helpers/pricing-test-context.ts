import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createPricingFixture, type PricingFixture } from './pricing-fixtures.js';
import { createTestApp, type TestApp } from './test-app.js';

type Options = {
  /** How the tour season is made; createPricingFixture unless said (createPricedFixture adds prices). */
  make?: (t: TestApp) => Promise<PricingFixture>;
  /** One tour season for the whole file (its tests build on each other) instead of one per test. */
  perFile?: boolean;
};

/**
 * The hooks of a seasonal pricing API test file: one server on its own database for the file, and
 * a fresh tour season before each test (or once, `perFile`). Read `t` and `f` in tests.
 */
export function pricingTestContext({ make = (t) => createPricingFixture(t.db), perFile = false }: Options = {}): { t: TestApp; f: PricingFixture } {
  const context = {} as { t: TestApp; f: PricingFixture };
  beforeAll(async () => {
    context.t = await createTestApp();
    if (perFile) context.f = await make(context.t);
  });
  afterAll(() => context.t.close());
  if (!perFile) {
    beforeEach(async () => {
      context.f = await make(context.t);
    });
  }
  return context;
}
