import { useCan, useHasFlag } from '../../practice/index.ts';

/** What the acting profile may do with care plans: write them, and sign or revise them (the Sign notes flag). */
export function useMayWriteCarePlans(): { create: boolean; update: boolean; sign: boolean } {
  const create = useCan('Create', 'CarePlan');
  const update = useCan('Update', 'CarePlan');
  const signs = useHasFlag('clinical', 'SignNote');
  return { create, update, sign: update && signs };
}
