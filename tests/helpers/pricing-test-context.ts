import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createPricingFixture, type PricingFixture } from './pricing-fixtures.js';
import { createTestApp, type TestApp } from './test-app.js';

/**
 * The hooks of a seasonal pricing API test file: one server on its own database for the file, and
 * a fresh priced tour season (createPricingFixture) before each test. Read `t` and `f` in tests.
 */
export function pricingTestContext(): { t: TestApp; f: PricingFixture } {
  const context = {} as { t: TestApp; f: PricingFixture };
  beforeAll(async () => {
    context.t = await createTestApp();
  });
  afterAll(() => context.t.close());
  beforeEach(async () => {
    context.f = await createPricingFixture(context.t.db);
  });
  return context;
}
