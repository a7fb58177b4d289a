import { LESSONS, lessonConfig } from '../src/lessons/lessons';
import { TeamTrainer } from '../src/multi/team';
import { localHost } from '../src/multi/local';
const l = LESSONS.find((x) => x.name === 'team')!;
for (const run of l.runs) {
  const config = lessonConfig(run);
  const team = await TeamTrainer.create(config, localHost);
  const rows: Record<string, number>[] = [];
  for (let k = 0; k < config.updates; k++) rows.push((await team.step()).metrics);
  await team.dispose();
  const pick = (r: Record<string, number>) => Object.fromEntries(Object.entries(r).filter(([k]) => /success/.test(k) && !/agent\//.test(k)).map(([k, v]) => [k, +v.toFixed(3)]));
  console.log(run.label, JSON.stringify(rows.map(pick)));
}
