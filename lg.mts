import { setDefaultThreads } from './src/wasm/module.ts';
import { getPreset, presetConfig } from './src/rl/presets.ts';
import { createTrainer } from './src/rl/setup.ts';
setDefaultThreads(1);
const name = process.argv[2] ?? 'login';
const config = presetConfig(getPreset(name)!, undefined, { backend: 'cpu' });
const t0 = performance.now();
const { trainer, note } = await createTrainer(config);
console.log(name, note, 'BC+setup', ((performance.now() - t0) / 1000).toFixed(1), 's');
for (let k = 0; k < Number(process.argv[3] ?? 5); k++) {
  const t = performance.now();
  const { metrics } = await trainer.step();
  console.log('update', k, ((performance.now() - t) / 1000).toFixed(2), 's', 'success', metrics['episode/success']);
}
trainer.dispose();
process.exit(0);
