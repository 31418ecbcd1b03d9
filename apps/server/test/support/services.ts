/**
 * Tests that need a real Redis or PostgreSQL server read its URL from the environment, and the path of
 * a program they run (nginx, docker-compose): `eval "$(bash scripts/test-services.sh start)"` starts
 * the servers on loopback and sets them all (.ci/run does).
 */
export type ServiceVariable = 'TEST_DATABASE_URL' | 'TEST_REDIS_URL' | 'TEST_NGINX' | 'TEST_DOCKER_COMPOSE';

const HOW = 'start the services with `eval "$(bash scripts/test-services.sh start)"` (see docs/testing.md)';

/** The URL of a service or the path of a program; throws when it is not set (use inside describeWithServices). */
export function serviceUrl(name: ServiceVariable): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: ${HOW}`);
  return value;
}

/**
 * `describe` for tests that need services. When one is not set, CI fails with the reason; outside CI
 * the block is skipped with a warning, so `npm test` still runs everything else on a bare machine.
 */
export function describeWithServices(title: string, needs: readonly ServiceVariable[], body: () => void): void {
  const missing = needs.filter((name) => !process.env[name]);
  if (missing.length === 0) {
    describe(title, body);
  } else if (process.env.CI) {
    describe(title, () => {
      test(`needs ${missing.join(', ')}`, () => {
        throw new Error(`${missing.join(', ')} not set: ${HOW}`);
      });
    });
  } else {
    console.warn(`skipping "${title}": ${missing.join(', ')} not set; ${HOW}`);
    describe.skip(title, body);
  }
}
