// Interleaved load rounds with autocannon: the way the benchmarks compare variants of one
// endpoint (handlers.js, outboxCost.js) so that drift on the machine hits every variant alike.
const autocannon = require('autocannon');
const { median } = require('./table');

async function load(url, endpoint, duration, connections) {
  const result = await autocannon({
    url,
    duration,
    connections,
    method: endpoint.method,
    body: endpoint.body,
    headers: endpoint.headers,
    // `[<id>]` in the body becomes a fresh id per request (the starter's emails are unique).
    idReplacement: true,
  });
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0)
    throw new Error(
      `${endpoint.method} ${url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  return {
    requests: result.requests.total,
    seconds: result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}

/**
 * Warm every variant up, then run them in rounds, the order reversed every other round
 * (A B C, C B A, ...) so drift (a growing table, other work on the machine) hits all alike;
 * medians over rounds keep one disturbed round from deciding. `urls`: variant → URL.
 */
async function measureInterleaved(urls, endpoint, { duration, connections, rounds }) {
  const variants = Object.keys(urls);
  // Next.js' server needs several seconds of load before its JIT settles (rounds after a 2 s
  // warm-up still grew by a third): warm each variant up for as long as a round, at least 5 s.
  for (const variant of variants)
    await load(urls[variant], endpoint, Math.max(5, duration), connections);
  const runs = Object.fromEntries(variants.map((variant) => [variant, []]));
  for (let i = 0; i < rounds; i++) {
    const order = i % 2 === 0 ? variants : [...variants].reverse();
    for (const variant of order)
      runs[variant].push(await load(urls[variant], endpoint, duration, connections));
  }
  // Spread of one variant over its rounds (max − min, % of the median): the noise a difference
  // has to beat.
  const spread = (values) => ((Math.max(...values) - Math.min(...values)) / median(values)) * 100;
  const summary = (list) => {
    const rates = list.map((r) => r.requests / r.seconds);
    const p99s = list.map((r) => r.p99);
    return {
      rps: median(rates),
      p50: median(list.map((r) => r.p50)),
      p99: median(p99s),
      rpsSpread: spread(rates),
      p99Spread: spread(p99s),
    };
  };
  return Object.fromEntries(variants.map((variant) => [variant, summary(runs[variant])]));
}

module.exports = { load, measureInterleaved };
