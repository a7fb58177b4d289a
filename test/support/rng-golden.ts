// Numbers the seeded PRNG must give on every JS engine: checked in Node, in a Chromium page and in a worker.
export const RNG_GOLDEN = {
  seed42: [601074571, 818832869, 3558537805, 1281644756, 3032043783],
  seed42env3: [3861172996, 3660959442, 3776601787, 1085292022, 2393320424],
};
