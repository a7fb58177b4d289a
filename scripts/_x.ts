// temp exploration: trainCurve over preset overrides given as JSON lines on argv
import { trainCurve } from '../src/rl/curve';
import { getPreset, presetConfig } from '../src/rl/presets';
import { detectStages } from '../src/rl/stages';
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; };
const [preset, ...overs] = process.argv.slice(2);
for (const o of overs) {
  const over = JSON.parse(o);
  const c = presetConfig(getPreset(preset)!, undefined, { backend: 'cpu', evalTasks: 200, evalEvery: 10, ...over });
  const curve = await trainCurve(c, { seconds: over.seconds ?? 300, clock: cpu, sampled: false });
  const ev = curve.evals.map((p) => `${p.update}:${p.metrics['eval/success'].toFixed(2)}`).join(' ');
  const tr = curve.success.map((x, i) => (i % 5 === 4 ? x.toFixed(2) : '')).filter(Boolean).join(' ');
  const tu = curve.turns.map((x, i) => (i % 5 === 4 ? x.toFixed(1) : '')).filter(Boolean).join(' ');
  console.log(o, `| ${curve.seconds.toFixed(0)} cpu s | eval ${ev}\n   train ${tr}\n   turns ${tu}\n   stages ${detectStages(curve.success, curve.turns).map((m) => `${m.stage}@${m.start}`).join(' ')}`);
}
