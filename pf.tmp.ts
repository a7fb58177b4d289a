import { getEnvSpec } from './src/envs/registry';
const spec = getEnvSpec(process.argv[2] ?? 'click-checkboxes');
const env = spec.create();
const eps: { seed: number; actions: string[] }[] = [];
for (let seed = 0; seed < 64; seed++) { const e = spec.create(); e.reset({ seed }); const a: string[] = []; for (let t = 0; t < 30; t++) { const x = spec.expert(e); a.push(x); const r = e.step(x); if (r.terminated || r.truncated) break; } eps.push({ seed, actions: a }); }
let steps = 0; const t0 = performance.now();
while (performance.now() - t0 < 3000) { for (const ep of eps) { void env.reset({ seed: ep.seed }).obs.text; for (const a of ep.actions) void env.step(a).obs.text; steps += ep.actions.length; } }
console.log(spec.id, Math.round(steps / ((performance.now() - t0) / 1000)), 'steps/s');
