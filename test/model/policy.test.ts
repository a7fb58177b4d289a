// The Policy spec on the CPU twin (tiny preset).
import { createPolicy } from '../../src/model/create';
import { policySpec } from './specs/policy.spec';
import { tok } from './fixtures';

policySpec('cpu', async (seed) => (await createPolicy({ model: 'tiny', vocab: tok.size, seed, backend: 'cpu' })).policy, 10);
