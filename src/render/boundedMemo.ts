/**
 * Results of a pure function remembered by key, at most `size` of them: when full it starts again
 * (the memory it may take stays small). The layout helpers' inputs come back model after model
 * (issue 51's generation time), so most are looked up. Use: `memo.get(key) ?? memo.set(key, f(key))`.
 */
export class BoundedMemo<V> {
  private readonly values = new Map<string, V>();

  constructor(private readonly size = 10_000) {}

  get(key: string): V | undefined {
    return this.values.get(key);
  }

  /** Remembers `value` for `key` and returns it. */
  set(key: string, value: V): V {
    if (this.values.size >= this.size) this.values.clear();
    this.values.set(key, value);
    return value;
  }
}
