// The shipped (production-mode) build, written to .output/chrome-mv3-bench so the benchmark's
// bundle sizes neither read nor clobber the .output/chrome-mv3 another `npm run build` is writing.
import config from '../wxt.config.ts';

export default { ...config, outDirTemplate: '{{browser}}-mv{{manifestVersion}}-bench' };
