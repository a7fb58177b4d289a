import { getEnvSpec } from './src/envs/registry';
// Trainer-path steps/s of the named families, 1 s each, printed on one line.
const out: string[] = [];
for (const id of process.argv.slice(2)) {
  const spec = getEnvSpec(id);
  const env = spec.create();
  const eps: { seed: number; actions: string[] }[] = [];
  for (let seed = 0; seed < 64; seed++) { const e = spec.create(); e.reset({ seed }); const a: string[] = []; for (let t = 0; t < 30; t++) { const x = spec.expert(e); a.push(x); const r = e.step(x); if (r.terminated || r.truncated) break; } eps.push({ seed, actions: a }); }
  for (let w = 0; w < 2; w++) {
    let steps = 0; const t0 = performance.now();
    while (performance.now() - t0 < 700) { for (const ep of eps) { void env.reset({ seed: ep.seed }).obs.text; for (const a of ep.actions) void env.step(a).obs.text; steps += ep.actions.length; } }
    if (w) out.push(`${id} ${Math.round(steps / ((performance.now() - t0) / 1000) / 1000)}k`);
  }
}
console.log(out.join('  '));
