// The implementation is plain JavaScript so that the benchmarks (bench/, plain Node) use it too.
export { offerSharedPrebuilds } from '../../../scripts/localPrebuilds';
