// The pointer/copy head: what each context position emits (its gradients are checked in transformer-grad.test.ts).
import { describe, expect, it } from 'vitest';
import { POINTER_HEADS } from '../../src/model/ops';
import { pointerTargets } from '../../src/model/pointer';
import { ACT, EL, END, GOAL, MATCH, OBS, UNK } from '../../src/model/tokenizer';

describe('pointer targets', () => {
  it("copy the token itself (not specials, <unk> or an element's id); inside an element line, emit the line id", () => {
    // <goal> 20 21 <obs> <el> 10 30 31 <match> <el> 11 32 <unk> <act> 40 <end> | padding (ids 10, 11: element ids)
    const row = [GOAL, 20, 21, OBS, EL, 10, 30, 31, MATCH, EL, 11, 32, UNK, ACT, 40, END, 0, 0];
    const t = pointerTargets(row, [16], 1, row.length);
    const copy = Array.from({ length: row.length }, (_, i) => t[i * POINTER_HEADS]);
    const elem = Array.from({ length: row.length }, (_, i) => t[i * POINTER_HEADS + 1]);
    expect(copy).toEqual([-1, 20, 21, -1, -1, -1, 30, 31, -1, -1, -1, 32, -1, -1, 40, -1, -1, -1]);
    expect(elem).toEqual([-1, -1, -1, -1, 10, 10, 10, 10, -1, 11, 11, 11, 11, -1, -1, -1, -1, -1]);
  });
  it('an <el> without an id after it (a special, or the row ends) emits nothing', () => {
    const t = pointerTargets([EL, EL, 15, 16, EL], [5], 1, 5);
    expect(Array.from({ length: 5 }, (_, i) => t[i * POINTER_HEADS + 1])).toEqual([-1, 15, 15, 15, -1]);
  });
});
